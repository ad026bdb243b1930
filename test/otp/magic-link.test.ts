// Sign-in by emailed link or typed code through real HTTP and a real SMTP server:
// the email carries the link and the 6-character code, the response the 39-character nonce; new
// addresses become verified accounts, known ones sign in; every refusal answers as Stack's does.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { startTestInstance, type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { type SmtpReceiver } from '../support/smtp-receiver';
import {
  as,
  call,
  enableMagicLink,
  expectKnownError,
  expectOk,
  expectRefreshWorks,
  expectSchemaError,
  expectSignInResponse,
  expectTextError,
  getMe,
  goodPassword,
  magicLinkCallback,
  magicLinkProject,
  makeProject,
  otpCheckCode,
  otpSignIn,
  queuedMessages,
  randomCode,
  receiveMagicLink,
  receivedCount,
  sendSignInCode,
  setProjectConfig,
  shiftClock,
  signInCall,
  signUp,
  uniqueEmail,
  untrustedCallback,
} from '../support/magic-links';
import { markEmailVerified } from '../support/accounts';

let t: TestInstance, smtp: SmtpReceiver;

withMailInstance((started) => ({ t, smtp } = started));

/** A user with a verified email used for sign-in, made by the server API. */
async function verifiedUser(project: BootstrappedProject, email = uniqueEmail('known')): Promise<{ id: string; email: string }> {
  const res = await call(t, 'POST', '/users', {
    headers: as(project, 'server'),
    body: { primary_email: email, primary_email_verified: true, primary_email_auth_enabled: true, display_name: 'Known Person' },
  });
  return { id: expectOk(res, 201).id, email };
}

function serverUser(project: BootstrappedProject, userId: string) {
  return call(t, 'GET', `/users/${userId}`, { headers: as(project, 'server') }).then((r) => expectOk(r));
}

describe('a new address', () => {
  test('gets a link and a typed code; the link creates a verified account with is_new_user, once', async () => {
    const project = await magicLinkProject(t, 'Magic new user');
    const email = uniqueEmail('new');
    const sent = expectOk(await sendSignInCode(t, project, email));
    expect(Object.keys(sent)).toEqual(['nonce']);
    expect(sent.nonce).toMatch(/^[0-9a-hjkmnp-tv-z]{39}$/);

    const mail = await receiveMagicLink(smtp, email);
    expect(mail.email.subject).toBe(`Sign in to Magic new user: Your code is ${mail.typed}`);
    expect(`${mail.link.origin}${mail.link.pathname}`).toBe(magicLinkCallback);
    // The code is the typed code followed by the nonce.
    expect(mail.code.slice(0, 6).toUpperCase()).toBe(mail.typed);
    expect(mail.code.slice(6)).toBe(sent.nonce);
    expect(mail.email.html).toContain(mail.typed);
    expect(mail.email.html).toContain(mail.code);

    // Checking does not use the code up.
    for (let i = 0; i < 2; i++) expect(expectOk(await otpCheckCode(t, project, mail.code))).toEqual({ is_code_valid: true });

    const tokens = expectSignInResponse(await otpSignIn(t, project, mail.code), true);
    const me = await getMe(t, project, tokens.access_token);
    expect(me.id).toBe(tokens.user_id);
    expect(me).toMatchObject({
      primary_email: email,
      primary_email_verified: true,
      has_password: false,
      otp_auth_enabled: true,
      auth_with_email: true,
      requires_totp_mfa: false,
    });
    expect((await serverUser(project, tokens.user_id)).primary_email_auth_enabled).toBe(true);
    await expectRefreshWorks(t, project, tokens.refresh_token);

    // A used link stays used, for sign-in and for checking alike.
    expectKnownError(await otpSignIn(t, project, mail.code), 409, 'VERIFICATION_CODE_ALREADY_USED');
    expectKnownError(await otpCheckCode(t, project, mail.code), 409, 'VERIFICATION_CODE_ALREADY_USED');

    // The next link for the same address signs the same account in, no longer new.
    const before = receivedCount(smtp, email);
    expectOk(await sendSignInCode(t, project, email));
    const second = await receiveMagicLink(smtp, email, before);
    const again = expectSignInResponse(await otpSignIn(t, project, second.code), false);
    expect(again.user_id).toBe(tokens.user_id);
  });

  test('the personal team of create_team_on_sign_up comes with a magic-link sign-up', async () => {
    const project = await magicLinkProject(t, 'Magic team');
    await setProjectConfig(t, project, { create_team_on_sign_up: true });
    const email = uniqueEmail('team');
    expectOk(await sendSignInCode(t, project, email));
    const tokens = expectSignInResponse(await otpSignIn(t, project, (await receiveMagicLink(smtp, email)).code), true);
    const mine = expectOk(await call(t, 'GET', '/teams?user_id=me', { headers: as(project, 'client', tokens.access_token) }));
    expect(mine.items.map((team: { display_name: string }) => team.display_name)).toEqual([`${email}'s Team`]);
  });
});

describe('a known address', () => {
  test('the typed code plus the nonce signs the existing user in; the link is then used up', async () => {
    const project = await magicLinkProject(t, 'Magic typed');
    const user = await verifiedUser(project);
    const { nonce } = expectOk(await sendSignInCode(t, project, user.email));
    const mail = await receiveMagicLink(smtp, user.email);
    expect(mail.email.text).toContain('Sign in to Magic typed');

    // Crockford's look-alikes typed for 0 and 1 are read as them, and case does not matter.
    const typedWithLookAlikes = mail.typed.replace(/0/g, 'O').replace(/1/g, 'I');
    expect(expectOk(await otpCheckCode(t, project, typedWithLookAlikes.toLowerCase() + nonce))).toEqual({ is_code_valid: true });

    const tokens = expectSignInResponse(await otpSignIn(t, project, mail.typed + nonce), false);
    expect(tokens.user_id).toBe(user.id);
    expect((await getMe(t, project, tokens.access_token)).display_name).toBe('Known Person');
    expectKnownError(await otpSignIn(t, project, mail.code), 409, 'VERIFICATION_CODE_ALREADY_USED');
    // Stack does not switch OTP on for an existing account, nor does authd.
    expect((await serverUser(project, user.id)).otp_auth_enabled).toBe(false);
  });

  test('any access type may sign in with a code', async () => {
    const project = await magicLinkProject(t, 'Magic server key');
    const user = await verifiedUser(project);
    expectOk(await sendSignInCode(t, project, user.email));
    const mail = await receiveMagicLink(smtp, user.email);
    expect(expectSignInResponse(await otpSignIn(t, project, mail.code, 'server'), false).user_id).toBe(user.id);
  });

  test('an address used for sign-in but not verified is refused with USER_EMAIL_ALREADY_EXISTS, nothing sent', async () => {
    const project = await magicLinkProject(t, 'Magic unverified');
    const user = await signUp(t, project, { callbackUrl: null });
    expectKnownError(await sendSignInCode(t, project, user.email), 409, 'USER_EMAIL_ALREADY_EXISTS');
    expect(await queuedMessages(t, user.email)).toEqual([]);
    // Once verified (here by the server), the same address gets its link.
    await markEmailVerified(t, project, user.user_id);
    expectOk(await sendSignInCode(t, project, user.email));
    const mail = await receiveMagicLink(smtp, user.email);
    expect(expectSignInResponse(await otpSignIn(t, project, mail.code), false).user_id).toBe(user.user_id);
    // The password still works beside it.
    expectOk(await signInCall(t, project, user.email, goodPassword));
  });
});

describe('the X-Stack-Client-Version header', () => {
  const sendAs = (project: BootstrappedProject, email: string, clientVersion: string) =>
    call(t, 'POST', '/auth/otp/send-sign-in-code', {
      headers: { ...as(project, 'client'), 'x-stack-client-version': clientVersion },
      body: { email, callback_url: magicLinkCallback },
    });

  test('@stackframe/stack 2.5.37 and older get the link alone, with no code to type; the link signs in', async () => {
    const project = await magicLinkProject(t, 'Magic legacy client');
    for (const version of ['2.5.37', '2.4.0', '1.99.99']) {
      const email = uniqueEmail(`legacy-${version}`);
      const nonce = expectOk(await sendAs(project, email, `js @stackframe/stack@${version}`)).nonce;
      expect(nonce).toHaveLength(39);
      const mail = await smtp.waitFor(email);
      expect(mail.subject).toBe('Sign in to Magic legacy client');
      expect(mail.text).not.toMatch(/^[A-Z0-9]{6}$/m);
      expect(mail.text).not.toContain('Your sign-in code');
      const code = new URL(mail.text.match(/https?:\/\/\S+/)![0]).searchParams.get('code')!;
      expectSignInResponse(await otpSignIn(t, project, code), true);
    }
  });

  test('newer or other SDKs, and an unreadable header, still get the code', async () => {
    const project = await magicLinkProject(t, 'Magic current client');
    for (const clientVersion of [
      'js @stackframe/stack@2.5.38',
      'js @stackframe/js@2.5.0',
      'js @stackframe/stack@2.5',
      'nonsense',
    ]) {
      const email = uniqueEmail('current');
      expectOk(await sendAs(project, email, clientVersion));
      const mail = await receiveMagicLink(smtp, email);
      expectSignInResponse(await otpSignIn(t, project, mail.code), true);
    }
  });
});

describe('refusals', () => {
  test('magic link off: 403 text on send, check and sign-in', async () => {
    const project = await makeProject(t, 'Magic off');
    const email = uniqueEmail('off');
    const message = 'Magic link is not enabled for this project';
    expectTextError(await sendSignInCode(t, project, email), 403, message);
    expect(await queuedMessages(t, email)).toEqual([]);
    // A code sent while it was on stops working when it is turned off.
    await enableMagicLink(t, project);
    expectOk(await sendSignInCode(t, project, email));
    const mail = await receiveMagicLink(smtp, email);
    await setProjectConfig(t, project, { magic_link_enabled: false });
    expectTextError(await otpCheckCode(t, project, mail.code), 403, message);
    expectTextError(await otpSignIn(t, project, mail.code), 403, message);
    await enableMagicLink(t, project);
    expectSignInResponse(await otpSignIn(t, project, mail.code), true);
  });

  test('sign-up disabled: a new address gets SIGN_UP_NOT_ENABLED, a known one still signs in', async () => {
    const project = await magicLinkProject(t, 'Magic closed');
    const known = await verifiedUser(project);
    const pending = uniqueEmail('pending');
    expectOk(await sendSignInCode(t, project, pending));
    const pendingMail = await receiveMagicLink(smtp, pending);

    await setProjectConfig(t, project, { sign_up_enabled: false });
    const stranger = uniqueEmail('stranger');
    expectKnownError(await sendSignInCode(t, project, stranger), 400, 'SIGN_UP_NOT_ENABLED');
    expect(await queuedMessages(t, stranger)).toEqual([]);
    // A code sent before sign-up closed cannot create the account now; it is left unused.
    expectKnownError(await otpSignIn(t, project, pendingMail.code), 400, 'SIGN_UP_NOT_ENABLED');

    expectOk(await sendSignInCode(t, project, known.email));
    const mail = await receiveMagicLink(smtp, known.email);
    expect(expectSignInResponse(await otpSignIn(t, project, mail.code), false).user_id).toBe(known.id);

    await setProjectConfig(t, project, { sign_up_enabled: true });
    expectSignInResponse(await otpSignIn(t, project, pendingMail.code), true);
  });

  test('an untrusted callback URL is REDIRECT_URL_NOT_WHITELISTED before anything is sent; a trusted domain keeps its query', async () => {
    const project = await magicLinkProject(t, 'Magic callbacks');
    const email = uniqueEmail('callback');
    for (const callback of [untrustedCallback, 'https://app.example.com.evil.org/handler/magic-link-callback']) {
      expectKnownError(await sendSignInCode(t, project, email, callback), 400, 'REDIRECT_URL_NOT_WHITELISTED');
    }
    await setProjectConfig(t, project, {
      allow_localhost: false,
      domains: [{ domain: 'https://app.example.com', handler_path: '/handler' }],
    });
    expectKnownError(await sendSignInCode(t, project, email, magicLinkCallback), 400, 'REDIRECT_URL_NOT_WHITELISTED');
    expect(await queuedMessages(t, email)).toEqual([]);

    const trusted = 'https://app.example.com/handler/magic-link-callback?after_auth_return_to=%2Fdashboard&code=stale';
    expectOk(await sendSignInCode(t, project, email, trusted));
    const mail = await receiveMagicLink(smtp, email);
    expect(mail.link.origin).toBe('https://app.example.com');
    expect(mail.link.searchParams.get('after_auth_return_to')).toBe('/dashboard');
    expect(mail.link.searchParams.getAll('code')).toEqual([mail.code]);
  });

  test('wrong typed codes exhaust the nonce: after 20 the right code is VERIFICATION_CODE_MAX_ATTEMPTS_REACHED', async () => {
    const project = await magicLinkProject(t, 'Magic guessing');
    const email = uniqueEmail('guess');
    const { nonce } = expectOk(await sendSignInCode(t, project, email));
    const mail = await receiveMagicLink(smtp, email);
    const right = mail.code.slice(0, 6);
    for (let i = 0; i < 20; i++) {
      const guess = randomCode(6, right) + nonce;
      const res = i % 2 === 0 ? await otpSignIn(t, project, guess) : await otpCheckCode(t, project, guess);
      expectKnownError(res, 404, 'VERIFICATION_CODE_NOT_FOUND');
    }
    expectKnownError(await otpSignIn(t, project, right + nonce), 400, 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED');
    // The link is the same code, so it is spent too.
    expectKnownError(await otpSignIn(t, project, mail.code), 400, 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED');
    const users = expectOk(await call(t, 'GET', '/users', { headers: as(project, 'server') }));
    expect(users.items).toEqual([]);

    // A new code has a new nonce and works.
    const before = receivedCount(smtp, email);
    const fresh = expectOk(await sendSignInCode(t, project, email));
    expect(fresh.nonce).not.toBe(nonce);
    const freshMail = await receiveMagicLink(smtp, email, before);
    expectSignInResponse(await otpSignIn(t, project, freshMail.code.slice(0, 6) + fresh.nonce), true);
  });

  test('19 wrong guesses still leave the right code usable', async () => {
    const project = await magicLinkProject(t, 'Magic near miss');
    const email = uniqueEmail('near');
    const { nonce } = expectOk(await sendSignInCode(t, project, email));
    const right = (await receiveMagicLink(smtp, email)).code.slice(0, 6);
    for (let i = 0; i < 19; i++) {
      expectKnownError(await otpSignIn(t, project, randomCode(6, right) + nonce), 404, 'VERIFICATION_CODE_NOT_FOUND');
    }
    expectSignInResponse(await otpSignIn(t, project, right + nonce), true);
  });

  test('a code older than 7 days is VERIFICATION_CODE_EXPIRED', async () => {
    const project = await magicLinkProject(t, 'Magic expiry');
    const email = uniqueEmail('late');
    expectOk(await sendSignInCode(t, project, email));
    const mail = await receiveMagicLink(smtp, email);
    const restore = shiftClock(t, 7 * 24 * 3600 * 1000 + 1000);
    try {
      expectKnownError(await otpCheckCode(t, project, mail.code), 400, 'VERIFICATION_CODE_EXPIRED');
      expectKnownError(await otpSignIn(t, project, mail.code), 400, 'VERIFICATION_CODE_EXPIRED');
    } finally {
      restore();
    }
  });

  test('the 6th send to one address within the hour is 429 with Retry-After; other addresses still get theirs', async () => {
    const project = await magicLinkProject(t, 'Magic flood');
    const email = uniqueEmail('flood');
    for (let i = 0; i < 5; i++) expectOk(await sendSignInCode(t, project, email));
    const limited = await sendSignInCode(t, project, email);
    expectTextError(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(await queuedMessages(t, email)).toHaveLength(5);
    expectOk(await sendSignInCode(t, project, uniqueEmail('other')));
    // An hour later the address may ask again.
    const restore = shiftClock(t, 3600 * 1000 + 1000);
    try {
      expectOk(await sendSignInCode(t, project, email));
    } finally {
      restore();
    }
  });

  test('one remote client address may ask for 20 codes an hour across all addresses (loopback is exempt in development)', async () => {
    // Behind a trusted proxy, so requests can come from a remote address.
    const proxied = await startTestInstance({ settings: { trustProxy: true } });
    try {
      const project = await magicLinkProject(proxied, 'Magic flood by address');
      const fromRemote = (email: string) =>
        call(proxied, 'POST', '/auth/otp/send-sign-in-code', {
          headers: { ...as(project, 'client'), 'x-forwarded-for': '198.51.100.20' },
          body: { email, callback_url: magicLinkCallback },
        });
      for (let i = 0; i < 20; i++) expectOk(await fromRemote(uniqueEmail(`spray${i}`)));
      const email = uniqueEmail('spray-last');
      expectTextError(await fromRemote(email), 429);
      expect(await queuedMessages(proxied, email)).toEqual([]);
      // The developer's own machine is not held back by the per-client-address limit.
      expectOk(await sendSignInCode(proxied, project, uniqueEmail('from-loopback')));
    } finally {
      await proxied.stop();
    }
  });

  test('malformed bodies are SCHEMA_ERROR', async () => {
    const project = await magicLinkProject(t, 'Magic schema');
    expectSchemaError(await sendSignInCode(t, project, 'not-an-email'), 'email');
    expectSchemaError(await sendSignInCode(t, project, '.dot@example.com'), 'email');
    expectSchemaError(await sendSignInCode(t, project, uniqueEmail(), 'not a url'), 'callback_url');
    expectSchemaError(await otpSignIn(t, project, 'abc123'), 'code');
    expectSchemaError(await otpCheckCode(t, project, randomCode(46)), 'code');
    expectSchemaError(
      await call(t, 'POST', '/auth/otp/sign-in', { headers: as(project, 'client'), body: { code: randomCode(45), extra: 1 } }),
    );
  });
});
