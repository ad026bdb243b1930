// Rate limits and guess throttling on PostgreSQL are counted in rows every instance shares: two
// Contexts with pools of their own on one database stand for two instances here, and attempts
// spread over both (one after another, and all at once) are counted as in one process.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { guessThrottlePolicy, liftAccountLock, reserveGuess } from '../../server/core/credentials/guess-throttle';
import { reserveGuessExplainingLock } from '../../server/core/auth/guess-reservation';
import { consumeRateLimit, rateLimitRules } from '../../server/core/credentials/rate-limits';
import { silentLogger, defaultSettings } from '../../server/core/storage/context';
import { openPostgresDatabase, type OpenedPostgresContext } from '../../server/core/storage/open-context';
import { dropTestDatabases, testDatabase } from './postgres-support';
import { refusalOf } from '../support/rate-limit-refusals';

process.env.AUTHD_INSTANCE_KEY ??= Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');

let first: OpenedPostgresContext, second: OpenedPostgresContext;

beforeAll(async () => {
  const url = await testDatabase();
  first = await openPostgresDatabase(url, 'production', silentLogger, defaultSettings());
  second = await openPostgresDatabase(url, 'production', silentLogger, defaultSettings());
});
afterAll(async () => {
  await first?.storage.close();
  await second?.storage.close();
  await dropTestDatabases();
});


const both = () => [first, second];

describe('rate limits', () => {
  test('attempts through either instance use up one window; the next is refused by both, with Retry-After', async () => {
    const { limit } = rateLimitRules.emailSendPerAddress;
    for (let i = 0; i < limit; i++) {
      const instance = both()[i % 2]!;
      expect(await refusalOf(() => consumeRateLimit(instance, 'emailSendPerAddress', 'project', 'Shared@Example.com'))).toBeNull();
    }
    for (const instance of both()) {
      const refused = await refusalOf(() => consumeRateLimit(instance, 'emailSendPerAddress', 'project', 'shared@example.com'));
      expect(refused).not.toBeNull();
      expect(refused!.retryAfterSeconds).toBeGreaterThan(3500);
      expect(refused!.retryAfterSeconds).toBeLessThanOrEqual(3600);
    }
    expect(await refusalOf(() => consumeRateLimit(second, 'emailSendPerAddress', 'project', 'other@example.com'))).toBeNull();
  });

  test('40 attempts at once, half through each instance: exactly the limit goes through', async () => {
    const { limit } = rateLimitRules.emailSendPerAddress;
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => refusalOf(() => consumeRateLimit(both()[i % 2]!, 'emailSendPerAddress', 'project', 'burst@example.com'))),
    );
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(limit);
  });
});

describe('guess throttling', () => {
  test('wrong guesses from one address count across instances; that address then waits, another does not', async () => {
    const { freeFailuresPerSource } = guessThrottlePolicy;
    for (let i = 0; i < freeFailuresPerSource; i++) {
      const guess = await reserveGuess(both()[i % 2]!, 'password', 'project', 'victim@example.com', '203.0.113.7');
      expect((await guess.failed()).backstopTripped).toBe(false);
    }
    for (const instance of both()) {
      const refused = await refusalOf(() => reserveGuess(instance, 'password', 'project', 'victim@example.com', '203.0.113.7'));
      expect(refused?.retryAfterSeconds).toBe(guessThrottlePolicy.firstDelayMillis / 1000);
    }
    const owner = await reserveGuess(second, 'password', 'project', 'victim@example.com', '198.51.100.1');
    await owner.succeeded();
    // A right guess starts the account's count and that address's again; the attacker's stays.
    expect(await refusalOf(() => reserveGuess(first, 'password', 'project', 'victim@example.com', '198.51.100.1'))).toBeNull();
    expect(await refusalOf(() => reserveGuess(first, 'password', 'project', 'victim@example.com', '203.0.113.7'))).not.toBeNull();
  });

  test('30 guesses at once from one address, spread over both instances: exactly the free ones are let through', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => refusalOf(() => reserveGuess(both()[i % 2]!, 'totp', 'project', 'user-burst', '203.0.113.9'))),
    );
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(guessThrottlePolicy.freeFailuresPerSource);
  });

  test('the account backstop trips once across instances, locks both, and lifting it through one frees the other', async () => {
    const { accountBackstopFailures } = guessThrottlePolicy;
    let trips = 0;
    for (let i = 0; i < accountBackstopFailures; i++) {
      // A new address each time: only the account-wide count can stop these.
      const guess = await reserveGuess(both()[i % 2]!, 'password', 'project', 'spread@example.com', `10.9.${i >> 8}.${i & 255}`);
      if ((await guess.failed()).backstopTripped) trips++;
    }
    expect(trips).toBe(1);
    for (const instance of both()) {
      const refused = await refusalOf(() => reserveGuessExplainingLock(instance, 'password', 'project', 'spread@example.com', '10.10.0.1'));
      // Production with no SMTP server: the 429 does not claim an unlock email went out.
      expect(refused?.errorName).toBe('ACCOUNT_LOCKED_WITHOUT_UNLOCK_EMAIL');
    }
    await liftAccountLock(second, 'password', 'project', 'spread@example.com');
    expect(await refusalOf(() => reserveGuess(first, 'password', 'project', 'spread@example.com', '10.10.0.1'))).toBeNull();
  });
});
