// Abuse tests for password and TOTP guessing: a burst of concurrent guesses is counted before
// any is verified; an attack from one address slows that address down but does not lock the
// owner out from another; growing delays; and the account-wide backstop, whose emailed unlock
// link (through a real SMTP receiver) lets the owner back in. Addresses come from
// X-Forwarded-For, which the instance trusts as it would behind a proxy.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { guessThrottlePolicy, reserveGuess } from '../../server/core/credentials/guess-throttle';
import { signInWithPassword } from '../../server/core/auth/password-auth';
import { KnownError } from '../../server/protocol/known-errors';
import { callApi, startTestInstance, type ApiResult, type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { type SmtpReceiver } from '../support/smtp-receiver';
import { as, expectKnownError, expectOk, makeProject, shiftClock, signUp } from '../support/mail';
import { expectMfaRequired, newTotpSecret, setTotpSecretAsClient, totpAt, wrongTotp, type TotpSecret } from '../support/totp';

let t: TestInstance, smtp: SmtpReceiver, project: BootstrappedProject;
let nextAddress = 1;
/** A source address no other test uses. */
const freshAddress = () => `198.51.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

withMailInstance(
  async (started) => {
    ({ t, smtp } = started);
    project = await makeProject(t, 'Guessing');
  },
  { instance: { settings: { trustProxy: true } } },
);

function signInFrom(address: string, email: string, password: string): Promise<ApiResult> {
  return callApi(t.url, 'POST', '/api/v1/auth/password/sign-in', {
    headers: { ...as(project, 'client'), 'x-forwarded-for': address },
    body: { email, password },
  });
}

function mfaFrom(address: string, attemptCode: string, totp: string): Promise<ApiResult> {
  return callApi(t.url, 'POST', '/api/v1/auth/mfa/sign-in', {
    headers: { ...as(project, 'client'), 'x-forwarded-for': address },
    body: { type: 'totp', code: attemptCode, totp },
  });
}

function expectThrottled(res: ApiResult): number {
  expect(`${res.status} ${res.text}`).toStartWith('429 ');
  const seconds = Number(res.headers.get('retry-after'));
  expect(seconds).toBeGreaterThan(0);
  return seconds;
}

const free = guessThrottlePolicy.freeFailuresPerSource;
/** A hundred slow hash verifications on a busy 2-core machine take a while. */
const backstopTestTimeoutMillis = 120_000;
/** Tries one MFA attempt code allows (verification-codes.ts); more wrong codes need new attempts. */
const triesPerAttemptCode = 5;

/** `count` wrong TOTP codes from `address`, each answered INVALID_TOTP_CODE, over as many attempt codes as they need. */
async function wrongTotpsFrom(address: string, owner: { email: string; password: string }, secret: TotpSecret, count: number) {
  let attempt = '';
  for (let i = 0; i < count; i++) {
    if (i % triesPerAttemptCode === 0) attempt = expectMfaRequired(await signInFrom(address, owner.email, owner.password));
    expectKnownError(await mfaFrom(address, attempt, wrongTotp(t, secret)), 400, 'INVALID_TOTP_CODE');
  }
}

describe('password guesses', () => {
  test('40 concurrent wrong guesses and the right password last: at most the free tries are verified, the right one is refused', async () => {
    const owner = await signUp(t, project, { callbackUrl: null });
    const attacker = freshAddress();
    const wrong = Array.from({ length: 40 }, (_, i) => signInFrom(attacker, owner.email, `wrong guess ${i}`));
    // The right password goes out while the burst is still being answered: as soon as one
    // guess has been refused (or, should none be, once all have been answered).
    const firstRefusal = Promise.race(wrong.map((p) => p.then((r) => (r.status === 429 ? r : new Promise<never>(() => {})))));
    await Promise.race([firstRefusal, Promise.all(wrong)]);
    const right = await signInFrom(attacker, owner.email, owner.password);
    const answers = await Promise.all(wrong);

    const verified = answers.filter((r) => r.status !== 429);
    for (const answer of verified) expectKnownError(answer, 400, 'EMAIL_PASSWORD_MISMATCH');
    expect(verified.length).toBe(free);
    expect(answers.filter((r) => r.status === 429).length).toBe(40 - free);
    expectThrottled(right);
  });

  test('the same burst through core, all 41 calls started before any verification ends: exactly the free tries are verified', async () => {
    // In process every call runs up to its hash verification before any verification finishes,
    // so a limit checked before and counted after would let all 40 through, and the right one.
    const owner = await signUp(t, project, { callbackUrl: null });
    const origin = { ip: freshAddress() };
    const guess = async (password: string) =>
      await signInWithPassword(t.ctx, project.projectId, { email: owner.email, password }, origin);
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 40 }, async (_, i) => await guess(`wrong guess ${i}`)),
      guess(owner.password),
    ]);
    const reasons = outcomes.map((o) =>
      o.status === 'fulfilled' ? 'signed in' : o.reason instanceof KnownError ? o.reason.code : o.reason.name,
    );
    // The right password, last in the burst, is refused before its verification.
    expect(reasons.at(-1)).toBe('RateLimitedError');
    expect(reasons.filter((r) => r === 'EMAIL_PASSWORD_MISMATCH').length).toBe(free);
    expect(reasons.filter((r) => r === 'RateLimitedError').length).toBe(41 - free);
  });

  test('an attack from one address does not stop the owner signing in from another; the delays grow', async () => {
    const owner = await signUp(t, project, { callbackUrl: null });
    const attacker = freshAddress();
    for (let i = 0; i < free; i++)
      expectKnownError(await signInFrom(attacker, owner.email, `guess ${i}`), 400, 'EMAIL_PASSWORD_MISMATCH');
    expect(expectThrottled(await signInFrom(attacker, owner.email, 'guess'))).toBe(30);
    // Even the right password waits, from the attacker's address.
    expectThrottled(await signInFrom(attacker, owner.email, owner.password));

    expectOk(await signInFrom(freshAddress(), owner.email, owner.password));

    // Each further failure from the attacker's address doubles its wait.
    const restoreFirst = shiftClock(t, 31_000);
    try {
      expectKnownError(await signInFrom(attacker, owner.email, 'guess again'), 400, 'EMAIL_PASSWORD_MISMATCH');
      expect(expectThrottled(await signInFrom(attacker, owner.email, 'guess'))).toBe(60);
    } finally {
      restoreFirst();
    }
    const restoreSecond = shiftClock(t, 31_000 + 61_000);
    try {
      expectKnownError(await signInFrom(attacker, owner.email, 'and again'), 400, 'EMAIL_PASSWORD_MISMATCH');
      expect(expectThrottled(await signInFrom(attacker, owner.email, 'guess'))).toBe(120);
    } finally {
      restoreSecond();
    }
    // And still the owner signs in from their own address.
    expectOk(await signInFrom(freshAddress(), owner.email, owner.password));
  });

  test(
    'the account-wide backstop locks after 100 failures from many addresses; the emailed unlock link lets the owner back in',
    async () => {
      const owner = await signUp(t, project, { callbackUrl: null });
      const backstop = guessThrottlePolicy.accountBackstopFailures;
      // Spread over addresses, each staying within its free tries, as a botnet would.
      for (let sent = 0; sent < backstop; sent += free) {
        const address = freshAddress();
        const batch = await Promise.all(
          Array.from({ length: free }, (_, i) => signInFrom(address, owner.email, `distributed ${sent + i}`)),
        );
        for (const answer of batch) expectKnownError(answer, 400, 'EMAIL_PASSWORD_MISMATCH');
      }
      const locked = await signInFrom(freshAddress(), owner.email, owner.password);
      expectThrottled(locked);
      expect(locked.text).toContain('emailed a link to unlock it');

      const email = await smtp.waitFor(owner.email, (m) => m.subject.startsWith('Unlock your'));
      const link = new URL(email.text.match(/https?:\/\/\S+/)![0]);
      expect(link.origin).toBe(t.url);
      expect(link.pathname).toBe('/api/v1/auth/unlock');
      expect(smtp.messages.filter((m) => m.to.includes(owner.email) && m.subject.startsWith('Unlock your'))).toHaveLength(1);

      // Opening the link only shows the button (mail scanners must not use the code up).
      const opened = await fetch(link);
      expect(opened.status).toBe(200);
      expect(await opened.text()).toContain('Unlock my account');
      expectThrottled(await signInFrom(freshAddress(), owner.email, owner.password));

      const unlock = () =>
        fetch(new URL(link.pathname, link), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ project_id: link.searchParams.get('project_id')!, code: link.searchParams.get('code')! }),
        });
      const unlocked = await unlock();
      expect(unlocked.status).toBe(200);
      expect(await unlocked.text()).toContain('Your account is unlocked');
      expectOk(await signInFrom(freshAddress(), owner.email, owner.password));
      // The link works once.
      expect((await unlock()).status).toBe(400);
    },
    backstopTestTimeoutMillis,
  );
});

describe('the lock cannot keep the owner out', () => {
  /** 100 wrong passwords from 10 new addresses, through core (no hashing: the HTTP path is the test above). */
  async function lockFromManyAddresses(email: string): Promise<void> {
    for (let sent = 0; sent < guessThrottlePolicy.accountBackstopFailures; sent += free) {
      const address = freshAddress();
      for (let i = 0; i < free; i++) await (await reserveGuess(t.ctx, 'password', project.projectId, email, address)).failed();
    }
  }

  test(
    'an address that signed in before gets past the lock, again after every re-lock; its own delays still apply',
    async () => {
      const owner = await signUp(t, project, { callbackUrl: null });
      const home = freshAddress();
      expectOk(await signInFrom(home, owner.email, owner.password));

      await lockFromManyAddresses(owner.email);
      expectThrottled(await signInFrom(freshAddress(), owner.email, owner.password));
      expectOk(await signInFrom(home, owner.email, owner.password));

      // The attacker locks it again right away: home still gets in, a new address does not.
      await lockFromManyAddresses(owner.email);
      const elsewhere = await signInFrom(freshAddress(), owner.email, owner.password);
      expectThrottled(elsewhere);
      expect(elsewhere.text).toContain('emailed a link to unlock it');
      expectOk(await signInFrom(home, owner.email, owner.password));

      // Known is not unlimited: wrong guesses from home meet home's own growing delay.
      await lockFromManyAddresses(owner.email);
      for (let i = 0; i < free; i++)
        expectKnownError(await signInFrom(home, owner.email, `wrong ${i}`), 400, 'EMAIL_PASSWORD_MISMATCH');
      const slowed = await signInFrom(home, owner.email, owner.password);
      expectThrottled(slowed);
      expect(slowed.text).toStartWith('Too many attempts. Try again in');
    },
    backstopTestTimeoutMillis,
  );

  test(
    'the address that followed the unlock link gets past a re-lock too',
    async () => {
      const owner = await signUp(t, project, { callbackUrl: null });
      for (let sent = 0; sent < guessThrottlePolicy.accountBackstopFailures; sent += free) {
        const address = freshAddress();
        const batch = await Promise.all(
          Array.from({ length: free }, (_, i) => signInFrom(address, owner.email, `spread ${sent + i}`)),
        );
        for (const answer of batch) expectKnownError(answer, 400, 'EMAIL_PASSWORD_MISMATCH');
      }
      const email = await smtp.waitFor(owner.email, (m) => m.subject.startsWith('Unlock your'));
      const link = new URL(email.text.match(/https?:\/\/\S+/)![0]);
      const phone = freshAddress();
      const unlocked = await fetch(new URL(link.pathname, link), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': phone },
        body: new URLSearchParams({ project_id: link.searchParams.get('project_id')!, code: link.searchParams.get('code')! }),
      });
      expect(unlocked.status).toBe(200);
      // Locked again before the owner got to sign in: the phone still gets in, another address does not.
      await lockFromManyAddresses(owner.email);
      expectThrottled(await signInFrom(freshAddress(), owner.email, owner.password));
      expectOk(await signInFrom(phone, owner.email, owner.password));
    },
    backstopTestTimeoutMillis,
  );
});

describe('without an SMTP server (production, no --smtp)', () => {
  test('the lock does not claim an unlock email went out, and reads the same for an address with no account', async () => {
    const prod = await startTestInstance({ mode: 'production', settings: { trustProxy: true } });
    try {
      const p = await makeProject(prod, 'No mail');
      const owner = await signUp(prod, p, { callbackUrl: null });
      const texts: string[] = [];
      for (const email of [owner.email, `nobody-${owner.email}`]) {
        for (let sent = 0; sent < guessThrottlePolicy.accountBackstopFailures; sent += free) {
          const address = freshAddress();
          for (let i = 0; i < free; i++) await (await reserveGuess(prod.ctx, 'password', p.projectId, email, address)).failed();
        }
        const locked = await callApi(prod.url, 'POST', '/api/v1/auth/password/sign-in', {
          headers: { ...as(p, 'client'), 'x-forwarded-for': freshAddress() },
          body: { email, password: owner.password },
        });
        expectThrottled(locked);
        texts.push(locked.text);
      }
      expect(texts[0]).toBe(
        'Too many failed attempts for this account. Sign in from a device that has signed in to it before, or try again later.',
      );
      expect(texts[1]).toBe(texts[0]);
    } finally {
      await prod.stop();
    }
  });
});

describe('TOTP guesses', () => {
  test('wrong codes from one address do not stop the owner from another', async () => {
    const owner = await signUp(t, project, { callbackUrl: null });
    const secret = newTotpSecret();
    expectOk(await setTotpSecretAsClient(t, project, owner.access_token, secret.base64));
    // The attacker knows the password, and guesses the second factor.
    const attacker = freshAddress();
    await wrongTotpsFrom(attacker, owner, secret, free);
    const nextAttempt = expectMfaRequired(await signInFrom(attacker, owner.email, owner.password));
    expectThrottled(await mfaFrom(attacker, nextAttempt, wrongTotp(t, secret)));

    const home = freshAddress();
    const ownerAttempt = expectMfaRequired(await signInFrom(home, owner.email, owner.password));
    expectOk(await mfaFrom(home, ownerAttempt, totpAt(t, secret)));
  });

  test(
    'the TOTP backstop: 100 wrong codes from many addresses lock the second factor; the emailed link lifts it',
    async () => {
      const owner = await signUp(t, project, { callbackUrl: null });
      const secret = newTotpSecret();
      expectOk(await setTotpSecretAsClient(t, project, owner.access_token, secret.base64));
      for (let sent = 0; sent < guessThrottlePolicy.accountBackstopFailures; sent += free) {
        await wrongTotpsFrom(freshAddress(), owner, secret, free);
      }
      const home = freshAddress();
      const locked = await mfaFrom(
        home,
        expectMfaRequired(await signInFrom(home, owner.email, owner.password)),
        totpAt(t, secret),
      );
      expectThrottled(locked);
      expect(locked.text).toContain('emailed a link to unlock it');

      // Sent to the user's primary email (the TOTP lock is on the user, not on an address).
      const email = await smtp.waitFor(owner.email, (m) => m.subject.startsWith('Unlock your'));
      const link = new URL(email.text.match(/https?:\/\/\S+/)![0]);
      const unlocked = await fetch(new URL(link.pathname, link), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ project_id: link.searchParams.get('project_id')!, code: link.searchParams.get('code')! }),
      });
      expect(unlocked.status).toBe(200);
      const attempt = expectMfaRequired(await signInFrom(home, owner.email, owner.password));
      expectOk(await mfaFrom(home, attempt, totpAt(t, secret)));
    },
    backstopTestTimeoutMillis,
  );
});
