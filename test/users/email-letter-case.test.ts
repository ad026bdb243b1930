// Email addresses in other letter case are the same address everywhere one is looked up: magic
// links, contact channels (per user and for sign-in across users), and server updates, which
// keep the verification of an address merely respelled. Real HTTP and a real SMTP receiver.
import { expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { type SmtpReceiver } from '../support/smtp-receiver';
import { expectSignInResponse, magicLinkProject, otpSignIn, receiveMagicLink, sendSignInCode } from '../support/magic-links';
import {
  as,
  call,
  expectKnownError,
  expectOk,
  expectTextError,
  getUser,
  signInCall,
  signUp,
  uniqueEmail,
} from '../support/user-views';

let t: TestInstance, smtp: SmtpReceiver, project: BootstrappedProject;

/** The address with its local part upper-cased (the mail path lower-cases the domain). */
const shouted = (email: string) => email.replace(/^[^@]+/, (local) => local.toUpperCase());

withMailInstance(async (started) => {
  ({ t, smtp } = started);
  project = await magicLinkProject(t, 'Letter case');
});

test('a magic link typed in other letter case signs in to the existing account, not a new one', async () => {
  const email = uniqueEmail('Linked');
  const created = expectOk(
    await call(t, 'POST', '/users', {
      headers: as(project, 'server'),
      body: { primary_email: email, primary_email_verified: true, primary_email_auth_enabled: true },
    }),
    201,
  );
  expectOk(await sendSignInCode(t, project, shouted(email)));
  const mail = await receiveMagicLink(smtp, shouted(email));
  expect(expectSignInResponse(await otpSignIn(t, project, mail.code), false).user_id).toBe(created.id);
});

test('contact channels: one address per user and one sign-in owner per project, whatever the case', async () => {
  const alice = await signUp(t, project, uniqueEmail('alice'));
  const bob = await signUp(t, project, uniqueEmail('bob'));
  const add = (user: typeof alice, value: string, usedForAuth: boolean) =>
    call(t, 'POST', '/contact-channels', {
      headers: as(project, 'client', user.access_token),
      body: { user_id: 'me', value, used_for_auth: usedForAuth },
    });
  expectTextError(await add(alice, shouted(alice.email), false), 400);
  expectKnownError(await add(bob, shouted(alice.email), true), 409, 'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE');
  // As a mere contact address (not for sign-in) it is anyone's to add.
  expect(expectOk(await add(bob, shouted(alice.email), false), 201).value).toBe(shouted(alice.email));
});

test('a server update that only respells the primary email keeps it verified and signing in', async () => {
  const user = await signUp(t, project, uniqueEmail('respelled'));
  expectOk(
    await call(t, 'PATCH', `/users/${user.user_id}`, { headers: as(project, 'server'), body: { primary_email_verified: true } }),
  );
  const respelled = expectOk(
    await call(t, 'PATCH', `/users/${user.user_id}`, {
      headers: as(project, 'server'),
      body: { primary_email: shouted(user.email) },
    }),
  );
  expect(respelled.primary_email).toBe(shouted(user.email));
  expect(respelled.primary_email_verified).toBe(true);
  expect(respelled.primary_email_auth_enabled).toBe(true);
  expect((await getUser(t, project, user.user_id)).primary_email).toBe(shouted(user.email));
  const signIn = await signInCall(t, project, user.email, user.password);
  expect(expectOk(signIn).user_id).toBe(user.user_id);
  const channels = expectOk(
    await call(t, 'GET', '/contact-channels?user_id=me', { headers: as(project, 'client', user.access_token) }),
  ).items;
  expect(channels).toHaveLength(1);
});
