// authd's filters on the user list (GET /users and `authd users list`): whether the primary
// email is verified (no email counts as not), whether MFA is on, and sign-up time bounds, alone,
// together, through cursor pages and with a search; a bad value is a SCHEMA_ERROR.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { as, call, expectOk, expectSchemaError, makeProject, shiftClock, uniqueEmail } from '../support/api-expectations';
import { runCli, type TestInstance } from '../support/instance';
import { cliJson, expectOneLineError } from '../support/cli';
import { withInstance } from '../support/file-instance';

let t: TestInstance, project: BootstrappedProject;
const day = 24 * 60 * 60 * 1000;
/** Name → id and sign-up time, made oldest first a day apart. */
const made: Record<string, { id: string; signedUpAt: number }> = {};
const totpSecret = Buffer.from(new Uint8Array(20).fill(7)).toString('base64');

withInstance(async (started) => {
  ({ t } = started);
  project = await makeProject(t, 'Filtered users');
  const people = [
    { name: 'verified', body: { primary_email: uniqueEmail('filter-a'), primary_email_verified: true } },
    { name: 'unverified-mfa', body: { primary_email: uniqueEmail('filter-b'), primary_email_verified: false } },
    { name: 'verified-mfa', body: { primary_email: uniqueEmail('filter-c'), primary_email_verified: true } },
    { name: 'no-email', body: {} },
  ];
  for (const [index, person] of people.entries()) {
    const restore = shiftClock(t, (index - people.length) * day);
    try {
      const user = expectOk(
        await call(t, 'POST', '/users', { headers: as(project, 'server'), body: { display_name: `filter ${person.name}`, ...person.body } }),
        201,
      );
      made[person.name] = { id: user.id, signedUpAt: user.signed_up_at_millis };
      // An update with a TOTP secret turns MFA on (a create with one stores it without requiring it).
      if (person.name.endsWith('-mfa')) {
        const updated = expectOk(await call(t, 'PATCH', `/users/${user.id}`, { headers: as(project, 'server'), body: { totp_secret_base64: totpSecret } }));
        expect(updated.requires_totp_mfa).toBe(true);
      }
    } finally {
      restore();
    }
  }
});

async function names(query: string): Promise<string[]> {
  const page = expectOk(await call(t, 'GET', `/users?${query}`, { headers: as(project, 'server') }));
  return (page.items as { display_name: string }[]).map((user) => user.display_name.replace('filter ', ''));
}

describe('GET /users filters', () => {
  test('primary_email_verified: true lists verified primaries; false the rest, users without an email included', async () => {
    expect(await names('primary_email_verified=true')).toEqual(['verified', 'verified-mfa']);
    expect(await names('primary_email_verified=false')).toEqual(['unverified-mfa', 'no-email']);
  });

  test('requires_totp_mfa splits the users by MFA', async () => {
    expect(await names('requires_totp_mfa=true')).toEqual(['unverified-mfa', 'verified-mfa']);
    expect(await names('requires_totp_mfa=false&desc=true')).toEqual(['no-email', 'verified']);
  });

  test('signed_up_after is inclusive, signed_up_before exclusive; both bound one window', async () => {
    const second = made['unverified-mfa']!.signedUpAt;
    const third = made['verified-mfa']!.signedUpAt;
    expect(await names(`signed_up_after=${second}`)).toEqual(['unverified-mfa', 'verified-mfa', 'no-email']);
    expect(await names(`signed_up_before=${third}`)).toEqual(['verified', 'unverified-mfa']);
    expect(await names(`signed_up_after=${second}&signed_up_before=${third}`)).toEqual(['unverified-mfa']);
  });

  test('filters combine with each other, with a search and through cursor pages', async () => {
    expect(await names('primary_email_verified=true&requires_totp_mfa=true')).toEqual(['verified-mfa']);
    expect(await names('primary_email_verified=false&query=filter%20no')).toEqual(['no-email']);
    const first = expectOk(await call(t, 'GET', '/users?primary_email_verified=true&limit=1', { headers: as(project, 'server') }));
    expect(first.items.map((u: any) => u.id)).toEqual([made.verified!.id]);
    expect(first.pagination.next_cursor).toBe(made['verified-mfa']!.id);
    const second = expectOk(
      await call(t, 'GET', `/users?primary_email_verified=true&limit=1&cursor=${first.pagination.next_cursor}`, { headers: as(project, 'server') }),
    );
    expect(second.items.map((u: any) => u.id)).toEqual([made['verified-mfa']!.id]);
    expect(second.pagination.next_cursor).toBeNull();
  });

  test('a value that is not true/false or a time in milliseconds is a SCHEMA_ERROR naming the parameter', async () => {
    expectSchemaError(await call(t, 'GET', '/users?primary_email_verified=maybe', { headers: as(project, 'server') }), 'primary_email_verified');
    expectSchemaError(await call(t, 'GET', '/users?requires_totp_mfa=1', { headers: as(project, 'server') }), 'requires_totp_mfa');
    expectSchemaError(await call(t, 'GET', '/users?signed_up_after=yesterday', { headers: as(project, 'server') }), 'signed_up_after');
    expectSchemaError(await call(t, 'GET', '/users?signed_up_before=-5', { headers: as(project, 'server') }), 'signed_up_before');
  });
});

describe('authd users list filters', () => {
  const at = (...args: string[]) => ['users', 'list', '--project', project.projectId, ...args, ...t.databaseArgs];
  const listed = async (...args: string[]) =>
    ((await cliJson(at(...args))).items as { display_name: string }[]).map((user) => user.display_name.replace('filter ', ''));

  test('--email-verified, --mfa and the sign-up bounds (dates or spans back from now) give what the API gives', async () => {
    expect(await listed('--email-verified', 'on')).toEqual(['verified', 'verified-mfa']);
    expect(await listed('--mfa', 'off')).toEqual(['verified', 'no-email']);
    // The users signed up 4, 3, 2 and 1 days ago: a span of 2.5 days keeps the last two.
    expect(await listed('--signed-up-after', '60h')).toEqual(['verified-mfa', 'no-email']);
    expect(await listed('--signed-up-before', new Date(made['verified-mfa']!.signedUpAt).toISOString())).toEqual(['verified', 'unverified-mfa']);
  });

  test('a bad value is one line naming the flag', async () => {
    expectOneLineError(await runCli(at('--mfa', 'sometimes')), /--mfa takes on or off/);
    expectOneLineError(await runCli(at('--signed-up-after', 'soon')), /--signed-up-after must be a date or time/);
  });
});
