// Rate-limit windows: limits and expiry still hold, expired windows are
// dropped a few per request as traffic arrives (no scan of the whole map), and the number of
// windows kept is bounded however many addresses show up. The throughput at 100,000+ windows
// is measured by bench/rate-limits.ts.
import { expect, test } from 'bun:test';
import {
  consumeRateLimit,
  maxWindowsPerRule,
  rateLimitRules,
  rateLimitWindowCount,
} from '../../server/core/credentials/rate-limits';
import type { TestInstance } from '../support/instance';
import { withInstance } from '../support/file-instance';
import { refusalOf } from '../support/rate-limit-refusals';

let t: TestInstance;
let now = Date.UTC(2026, 0, 1);
withInstance(async (started) => {
  ({ t } = started);
  t.ctx.clock = { now: () => now };
});

const refused = async (fn: () => Promise<void>) => (await refusalOf(fn)) !== null;

test('a limit refuses the attempt past it, per key, ignoring case, until its window ends', async () => {
  const { limit, windowMillis } = rateLimitRules.emailSendPerAddress;
  const send = (email: string) => () => consumeRateLimit(t.ctx, 'emailSendPerAddress', 'project-a', email);
  for (let i = 0; i < limit; i++) expect(await refused(send(i % 2 ? 'Limited@Example.com' : 'limited@example.com'))).toBe(false);
  expect(await refused(send('limited@example.com'))).toBe(true);
  expect(await refused(send('other@example.com'))).toBe(false);
  expect(await refused(() => consumeRateLimit(t.ctx, 'emailSendPerAddress', 'project-b', 'limited@example.com'))).toBe(false);
  now += windowMillis - 1;
  expect(await refused(send('limited@example.com'))).toBe(true);
  now += 1;
  expect(await refused(send('limited@example.com'))).toBe(false);
});

test('expired windows are dropped as new requests arrive, two per request', async () => {
  const { windowMillis } = rateLimitRules.signUpPerIp;
  const before = rateLimitWindowCount(t.ctx, 'signUpPerIp');
  for (let i = 0; i < 1000; i++) await consumeRateLimit(t.ctx, 'signUpPerIp', 'p', `10.0.${i >> 8}.${i & 255}`);
  expect(rateLimitWindowCount(t.ctx, 'signUpPerIp')).toBe(before + 1000);
  now += windowMillis;
  for (let i = 0; i < 600; i++) await consumeRateLimit(t.ctx, 'signUpPerIp', 'p', `10.1.${i >> 8}.${i & 255}`);
  // Each of the 600 requests added its own window and dropped up to two expired ones.
  expect(rateLimitWindowCount(t.ctx, 'signUpPerIp')).toBe(600);
});

test(`the windows of one rule stay at most ${maxWindowsPerRule}, the oldest dropped first`, async () => {
  const total = maxWindowsPerRule + 50_000;
  for (let i = 0; i < total; i++) await consumeRateLimit(t.ctx, 'passwordSignInPerIp', 'p', `ip-${i}`);
  expect(rateLimitWindowCount(t.ctx, 'passwordSignInPerIp')).toBe(maxWindowsPerRule);
  // The newest still count: the last address has used one of its attempts.
  const { limit } = rateLimitRules.passwordSignInPerIp;
  for (let i = 1; i < limit; i++) await consumeRateLimit(t.ctx, 'passwordSignInPerIp', 'p', `ip-${total - 1}`);
  expect(await refused(() => consumeRateLimit(t.ctx, 'passwordSignInPerIp', 'p', `ip-${total - 1}`))).toBe(true);
});

test(`an address that spent its limit stays refused however many newer windows arrive`, async () => {
  const { limit, windowMillis } = rateLimitRules.signUpPerIp;
  now += windowMillis;
  for (let i = 0; i < limit; i++) await consumeRateLimit(t.ctx, 'signUpPerIp', 'p', 'spent-address');
  expect(await refused(() => consumeRateLimit(t.ctx, 'signUpPerIp', 'p', 'spent-address'))).toBe(true);
  for (let i = 0; i < maxWindowsPerRule + 10_000; i++) await consumeRateLimit(t.ctx, 'signUpPerIp', 'p', `flood-${i}`);
  expect(rateLimitWindowCount(t.ctx, 'signUpPerIp')).toBeLessThanOrEqual(maxWindowsPerRule);
  expect(await refused(() => consumeRateLimit(t.ctx, 'signUpPerIp', 'p', 'spent-address'))).toBe(true);
  // Its window still ends on time.
  now += windowMillis;
  expect(await refused(() => consumeRateLimit(t.ctx, 'signUpPerIp', 'p', 'spent-address'))).toBe(false);
});

test('when every window kept is spent, new addresses share one allowance instead of evicting them', async () => {
  const { limit, windowMillis } = rateLimitRules.emailSendPerIp;
  now += windowMillis;
  for (let i = 0; i < maxWindowsPerRule; i++) {
    for (let n = 0; n < limit; n++) await consumeRateLimit(t.ctx, 'emailSendPerIp', 'p', `spent-${i}`);
  }
  expect(rateLimitWindowCount(t.ctx, 'emailSendPerIp')).toBe(maxWindowsPerRule);
  for (let i = 0; i < limit; i++) expect(await refused(() => consumeRateLimit(t.ctx, 'emailSendPerIp', 'p', `late-${i}`))).toBe(false);
  expect(await refused(() => consumeRateLimit(t.ctx, 'emailSendPerIp', 'p', 'late-next'))).toBe(true);
  expect(await refused(() => consumeRateLimit(t.ctx, 'emailSendPerIp', 'p', 'spent-0'))).toBe(true);
  expect(rateLimitWindowCount(t.ctx, 'emailSendPerIp')).toBe(maxWindowsPerRule);
});
