// Every way a user's password is replaced ends the same sessions and announces user.updated the
// same way (server/core/users/user-password.ts): the server API, the CLI, the signed-in user's
// own update and set, and a reset by emailed code. One row per path.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { runCli } from '../support/cli';
import { type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { codeFromEmail, type SmtpReceiver } from '../support/smtp-receiver';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { addEndpoint } from '../support/webhooks';
import {
  as,
  call,
  createSessionFor,
  createUser,
  expectOk,
  expectRefreshRefused,
  expectRefreshWorks,
  goodPassword,
  uniqueEmail,
} from '../support/user-views';

let t: TestInstance, smtp: SmtpReceiver, receiver: WebhookReceiver;

withMailInstance(
  async (started) => {
    ({ t, smtp } = started);
    receiver = startWebhookReceiver();
    // Events are queued only for projects with an endpoint.
    await addEndpoint(t, t.demo!, receiver);
    await addEndpoint(t, t.internal, receiver);
  },
  {
    beforeStop: async () => {
      await receiver?.stop();
    },
  },
);

interface Subject {
  project: BootstrappedProject;
  userId: string;
  email: string;
  /** The session of the user who asks for the change on the client paths. */
  caller: { access_token: string; refresh_token: string };
  /** Another session of the same user, e.g. on a stolen laptop. */
  other: { access_token: string; refresh_token: string };
}

const newPassword = 'a brand new passphrase';

/** A way to replace a password; what a row leaves out is the common case, given after each field. */
interface PasswordPath {
  name: string;
  /** The demo project. */
  project?: () => BootstrappedProject;
  /** true. */
  startsWithPassword?: boolean;
  /** The password the user signs in with afterwards; null when the path removes it. newPassword. */
  result?: string | null;
  /** A signed-in user changing their own password keeps the session they did it from. false. */
  keepsCallerSession?: boolean;
  change(subject: Subject): Promise<void>;
}

async function expectCliOk(args: string[], stdin?: string): Promise<void> {
  const result = await runCli([...args, ...t.databaseArgs], { stdin });
  expect(`${result.code} ${result.stderr}`).toBe('0 ');
}

const paths: PasswordPath[] = [
  {
    name: 'PATCH /users/{id} with a password (server key)',
    async change({ project, userId }) {
      expectOk(await call(t, 'PATCH', `/users/${userId}`, { headers: as(project, 'server'), body: { password: newPassword } }));
    },
  },
  {
    name: 'PATCH /users/{id} with a password_hash (an imported bcrypt hash)',
    async change({ project, userId }) {
      const password_hash = await Bun.password.hash(newPassword, { algorithm: 'bcrypt', cost: 4 });
      expectOk(await call(t, 'PATCH', `/users/${userId}`, { headers: as(project, 'server'), body: { password_hash } }));
    },
  },
  {
    name: 'PATCH /users/{id} removing the password',
    result: null,
    async change({ project, userId }) {
      expectOk(await call(t, 'PATCH', `/users/${userId}`, { headers: as(project, 'server'), body: { password: null } }));
    },
  },
  {
    name: 'authd users update --password-stdin',
    change: ({ project, userId }) =>
      expectCliOk(['users', 'update', userId, '--project', project.projectId, '--password-stdin'], newPassword),
  },
  {
    name: 'authd users set-password',
    startsWithPassword: false,
    change: ({ project, userId }) =>
      expectCliOk(['users', 'set-password', userId, '--project', project.projectId], `${newPassword}\n`),
  },
  {
    name: 'authd admins add --password-stdin (an existing admin)',
    project: () => t.internal,
    change: ({ email }) => expectCliOk(['admins', 'add', email, '--password-stdin'], newPassword),
  },
  {
    name: 'POST /auth/password/update with the old password',
    keepsCallerSession: true,
    async change({ project, caller }) {
      const headers = { ...as(project, 'client', caller.access_token), 'x-stack-refresh-token': caller.refresh_token };
      const body = { old_password: goodPassword, new_password: newPassword };
      expectOk(await call(t, 'POST', '/auth/password/update', { headers, body }));
    },
  },
  {
    name: 'POST /auth/password/set (a first password)',
    startsWithPassword: false,
    keepsCallerSession: true,
    async change({ project, caller }) {
      const headers = { ...as(project, 'client', caller.access_token), 'x-stack-refresh-token': caller.refresh_token };
      expectOk(await call(t, 'POST', '/auth/password/set', { headers, body: { password: newPassword } }));
    },
  },
  {
    name: 'POST /auth/password/reset with the emailed code',
    async change({ project, email }) {
      const callback_url = 'http://localhost:3000/handler/password-reset';
      const headers = as(project, 'client');
      expectOk(await call(t, 'POST', '/auth/password/send-reset-code', { headers, body: { email, callback_url } }));
      const code = codeFromEmail(await smtp.waitFor(email));
      expectOk(await call(t, 'POST', '/auth/password/reset', { headers, body: { code, password: newPassword } }));
    },
  },
];

/** The user.updated events queued for `userId`, oldest first, as their `data`. */
async function userUpdatedEvents(projectId: string, userId: string): Promise<any[]> {
  // Insertion order within a millisecond: SQLite's rowid; PostgreSQL keeps none, so the id.
  const tieBreak = t.ctx.storage.dialect === 'sqlite' ? 'rowid' : 'id';
  const rows = (await t.rows(
    `SELECT payload FROM webhook_events WHERE project_id = ? AND type = 'user.updated' ORDER BY created_at, ${tieBreak}`,
    projectId,
  )) as { payload: string }[];
  return rows.map((row) => JSON.parse(row.payload).data).filter((data) => data.id === userId);
}

function signInStatus(project: BootstrappedProject, email: string, password: string) {
  return call(t, 'POST', '/auth/password/sign-in', { headers: as(project, 'client'), body: { email, password } });
}

describe('replacing a password, on every path', () => {
  test.each(paths)('$name', async (row) => {
    const path = { project: () => t.demo!, startsWithPassword: true, result: newPassword, keepsCallerSession: false, ...row };
    const project = path.project();
    const email = uniqueEmail('replace');
    const user = await createUser(t, project, {
      primary_email: email,
      primary_email_auth_enabled: true,
      ...(path.startsWithPassword ? { password: goodPassword } : {}),
    });
    const subject: Subject = {
      project,
      userId: user.id,
      email,
      caller: await createSessionFor(t, project, user.id),
      other: await createSessionFor(t, project, user.id),
    };
    const eventsBefore = (await userUpdatedEvents(project.projectId, user.id)).length;

    await path.change(subject);

    // Sessions: the other one always ends; the caller's only where the user changed their own.
    await expectRefreshRefused(t, project, subject.other.refresh_token);
    if (path.keepsCallerSession) await expectRefreshWorks(t, project, subject.caller.refresh_token);
    else await expectRefreshRefused(t, project, subject.caller.refresh_token);

    // One user.updated, carrying the user as it now is.
    const events = (await userUpdatedEvents(project.projectId, user.id)).slice(eventsBefore);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ id: user.id, primary_email: email, has_password: path.result !== null });

    // The old password no longer signs in; the new one does.
    if (path.startsWithPassword) expect((await signInStatus(project, email, goodPassword)).status).not.toBe(200);
    if (path.result !== null) expect((await signInStatus(project, email, path.result)).status).toBe(200);
  });
});
