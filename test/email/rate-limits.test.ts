// Rate limits on email sending and password guessing (429 with Retry-After, which the
// SDK waits for): per email address, so one inbox cannot be flooded and one account cannot be
// guessed, while other addresses are unaffected.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { type SmtpReceiver } from '../support/smtp-receiver';
import type { ApiResult } from '../support/instance';
import {
  as,
  call,
  expectKnownError,
  expectOk,
  expectTextError,
  makeProject,
  queuedMessagesOnceThere,
  resetCallback,
  shiftClock,
  signInCall,
  signUp,
  uniqueEmail,
} from '../support/mail';

let t: TestInstance, smtp: SmtpReceiver;

withMailInstance((started) => ({ t, smtp } = started));

function expectRateLimited(res: ApiResult): number {
  expectTextError(res, 429);
  expect(res.text.length).toBeGreaterThan(0);
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter).toMatch(/^[0-9]+$/);
  const seconds = Number(retryAfter);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(3600);
  return seconds;
}

function sendResetCode(project: BootstrappedProject, email: string) {
  return call(t, 'POST', '/auth/password/send-reset-code', {
    headers: as(project, 'client'),
    body: { email, callback_url: resetCallback },
  });
}

describe('rate limits', () => {
  test('the 6th send-reset-code for one email within the hour is 429 with Retry-After; other emails still get mail', async () => {
    const project = await makeProject(t, 'Reset flood');
    const user = await signUp(t, project, { callbackUrl: null });
    for (let i = 0; i < 5; i++) {
      expect(expectOk(await sendResetCode(project, user.email))).toEqual({
        success: 'maybe, only if user with e-mail exists',
      });
    }
    expectRateLimited(await sendResetCode(project, user.email));
    // The address is counted case-insensitively.
    expectRateLimited(await sendResetCode(project, user.email.toUpperCase()));
    expect(await queuedMessagesOnceThere(t, user.email, 5)).toHaveLength(5);

    // Unknown emails are limited the same way, so the limit does not reveal who exists.
    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < 5; i++) expectOk(await sendResetCode(project, unknown));
    expectRateLimited(await sendResetCode(project, unknown));

    const other = await signUp(t, project, { callbackUrl: null });
    expectOk(await sendResetCode(project, other.email));
    await smtp.waitFor(other.email);

    // The window is an hour: past it, the address may ask again.
    const restore = shiftClock(t, 61 * 60 * 1000);
    try {
      expectOk(await sendResetCode(project, user.email));
    } finally {
      restore();
    }
    expect(await queuedMessagesOnceThere(t, user.email, 6)).toHaveLength(6);
  });

  test('the 11th failed sign-in for one email from one address is 429, while another email still gets EMAIL_PASSWORD_MISMATCH', async () => {
    const project = await makeProject(t, 'Guessing');
    const victim = await signUp(t, project, { callbackUrl: null });
    const bystander = await signUp(t, project, { callbackUrl: null });
    for (let i = 0; i < 10; i++) {
      expectKnownError(await signInCall(t, project, victim.email, `wrong guess ${i}`), 400, 'EMAIL_PASSWORD_MISMATCH');
    }
    expect(expectRateLimited(await signInCall(t, project, victim.email, 'wrong guess 10'))).toBe(30);
    expectKnownError(await signInCall(t, project, bystander.email, 'wrong guess'), 400, 'EMAIL_PASSWORD_MISMATCH');
    expectOk(await signInCall(t, project, bystander.email, bystander.password));
  });
});
