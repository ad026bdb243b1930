// Shared helpers for the contact-channel HTTP tests: users with tokens,
// the exact ContactChannel shape, channel lists read with the server key, and a check that a
// refused write changed nothing.
import { expect } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { as, call, uniqueEmail, uuidPattern, expectOk } from './api-expectations';
import type { TestInstance } from './instance';
import type { TestUser } from './accounts';
// The folder's tests sign up with the shared shortcut; the names they use for its password and callback.
export { goodPassword as password, signUp, trustedVerificationCallback as trustedCallback, type TestUser } from './accounts';
export { codePattern, untrustedCallback } from './mail';

/** A user through POST /users + POST /auth/sessions with the server key. */
export async function serverUser(t: TestInstance, project: BootstrappedProject, email = uniqueEmail('srv')): Promise<TestUser> {
  const created = expectOk(
    await call(t, 'POST', '/users', {
      headers: as(project, 'server'),
      body: { primary_email: email, primary_email_auth_enabled: true },
    }),
    201,
  );
  const session = expectOk(
    await call(t, 'POST', '/auth/sessions', { headers: as(project, 'server'), body: { user_id: created.id } }),
  );
  return { user_id: created.id, access_token: session.access_token, email };
}

const channelKeys = ['id', 'is_primary', 'is_verified', 'type', 'used_for_auth', 'user_id', 'value'];

/** Exactly the ContactChannel shape Stack sends, with the given values. */
export function expectChannel(channel: any, expected: Partial<Record<string, unknown>> = {}): void {
  expect(channel).toBeObject();
  expect(Object.keys(channel).sort()).toEqual(channelKeys);
  expect(channel.id).toMatch(uuidPattern);
  expect(channel.user_id).toMatch(uuidPattern);
  expect(typeof channel.value).toBe('string');
  expect(channel.type).toBe('email');
  for (const flag of ['used_for_auth', 'is_verified', 'is_primary']) expect(typeof channel[flag]).toBe('boolean');
  expect(channel).toMatchObject(expected);
}

/** The user's channels as the server key lists them. */
export async function channelsOf(t: TestInstance, project: BootstrappedProject, userId: string): Promise<any[]> {
  const body = expectOk(await call(t, 'GET', `/contact-channels?user_id=${userId}`, { headers: as(project, 'server') }));
  expect(Object.keys(body).sort()).toEqual(['is_paginated', 'items']);
  expect(body.is_paginated).toBe(false);
  for (const item of body.items) expectChannel(item, { user_id: userId });
  return body.items;
}

/** Runs a refused write and checks that the listed users' channels are exactly as before. */
export async function expectNoChange<T>(
  t: TestInstance,
  project: BootstrappedProject,
  userIds: string[],
  write: () => Promise<T>,
): Promise<T> {
  const before = await Promise.all(userIds.map((id) => channelsOf(t, project, id)));
  const result = await write();
  const after = await Promise.all(userIds.map((id) => channelsOf(t, project, id)));
  expect(after).toEqual(before);
  return result;
}

/** Creates a channel with the server key (so tests can set is_verified). */
export async function addChannel(
  t: TestInstance,
  project: BootstrappedProject,
  userId: string,
  fields: { value?: string; used_for_auth?: boolean; is_primary?: boolean; is_verified?: boolean } = {},
): Promise<any> {
  const body = {
    user_id: userId,
    value: fields.value ?? uniqueEmail('added'),
    used_for_auth: fields.used_for_auth ?? false,
    ...fields,
  };
  return expectOk(await call(t, 'POST', '/contact-channels', { headers: as(project, 'server'), body }), 201);
}

/** How many emails authd has queued (or kept) for `recipient`, read from its database. */
export async function queuedEmailCount(t: TestInstance, recipient: string): Promise<number> {
  const [row] = await t.rows('select count(*) as n from email_messages where recipient = ?', recipient);
  return Number(row?.n ?? 0);
}
