// The audit log through real HTTP: a scripted run of sign-ups, sign-ins (good and bad), account
// changes and admin changes leaves exactly the expected events, each with its actor, account,
// address and user agent; filters and cursors page through them; only admins read them; a failed
// change leaves no event; retention prunes old ones.
import { describe, expect, test } from 'bun:test';
import { pruneAuditEvents } from '../../server/core/audit/audit-log';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { newTotpSecret } from '../support/totp';
import { as, call, expectOk, makeProject, refreshFor, setProjectConfig, signUp, uniqueEmail } from '../support/user-views';
import type { TestInstance } from '../support/instance';
import { advanceClock } from '../support/webhooks';
import { refreshTokenReuseGraceMillis } from '../../server/core/auth/sessions';
import { withInstance } from '../support/file-instance';

let t: TestInstance;

withInstance((started) => ({ t } = started));

const browser = 'AuditTest/1.0 (scripted)';
const password = 'quiet lanterns over marble';

function withAgent(headers: Record<string, string>): Record<string, string> {
  return { ...headers, 'user-agent': browser };
}

async function events(project: BootstrappedProject, query = ''): Promise<any> {
  return expectOk(await call(t, 'GET', `/audit-events${query}`, { headers: as(project, 'admin') }));
}

describe('a scripted sequence', () => {
  test('every step leaves its event, oldest last, with who, what, from where', async () => {
    const project = await makeProject(t, 'audited');
    const email = uniqueEmail('audited');
    const client = (token?: string) => withAgent(as(project, 'client', token));

    const signUp = expectOk(await call(t, 'POST', '/auth/password/sign-up', { headers: client(), body: { email, password } }));
    const userId = signUp.user_id;
    const failed = await call(t, 'POST', '/auth/password/sign-in', {
      headers: client(),
      body: { email, password: 'not the password at all' },
    });
    expect(failed.json.code).toBe('EMAIL_PASSWORD_MISMATCH');
    const signIn = expectOk(await call(t, 'POST', '/auth/password/sign-in', { headers: client(), body: { email, password } }));
    const newPassword = 'copper kettles at dawn';
    expectOk(
      await call(t, 'POST', '/auth/password/update', {
        headers: { ...client(signIn.access_token), 'x-stack-refresh-token': signIn.refresh_token },
        body: { old_password: password, new_password: newPassword },
      }),
    );
    const channel = await call(t, 'POST', '/contact-channels', {
      headers: client(signIn.access_token),
      body: { user_id: 'me', type: 'email', value: `second-${email}`, used_for_auth: false },
    });
    expect(channel.status).toBe(201);
    expectOk(
      await call(t, 'PATCH', '/users/me', {
        headers: client(signIn.access_token),
        body: { totp_secret_base64: newTotpSecret().base64 },
      }),
    );
    expectOk(await call(t, 'PATCH', '/users/me', { headers: client(signIn.access_token), body: { totp_secret_base64: null } }));
    // A second device signs in (the password change ended the others); the server ends its session.
    const laptop = expectOk(
      await call(t, 'POST', '/auth/password/sign-in', { headers: client(), body: { email, password: newPassword } }),
    );
    const sessions = expectOk(
      await call(t, 'GET', `/auth/sessions?user_id=${userId}`, {
        headers: { ...as(project, 'server'), 'x-stack-refresh-token': laptop.refresh_token },
      }),
    );
    const laptopSession = sessions.items.find((s: any) => s.is_current_session);
    expectOk(await call(t, 'DELETE', `/auth/sessions/${laptopSession.id}?user_id=${userId}`, { headers: as(project, 'server') }));
    expectOk(
      await call(t, 'DELETE', '/auth/sessions/current', {
        headers: { ...client(signIn.access_token), 'x-stack-refresh-token': signIn.refresh_token },
      }),
    );
    const keys = expectOk(
      await call(t, 'POST', '/internal/api-keys', {
        headers: withAgent(as(project, 'admin')),
        body: {
          description: 'CI',
          expires_at_millis: Date.now() + 86_400_000,
          has_publishable_client_key: true,
          has_secret_server_key: false,
          has_super_secret_admin_key: false,
        },
      }),
    );
    expectOk(
      await call(t, 'PATCH', `/internal/api-keys/${keys.id}`, {
        headers: withAgent(as(project, 'admin')),
        body: { revoked: true },
      }),
    );
    expectOk(
      await call(t, 'PATCH', '/projects/current', {
        headers: withAgent(as(project, 'admin')),
        body: { config: { magic_link_enabled: true } },
      }),
    );
    const team = await call(t, 'POST', '/teams', {
      headers: as(project, 'server'),
      body: { display_name: 'Audit team', creator_user_id: userId },
    });
    expect(team.status).toBe(201);
    const granted = await call(t, 'POST', `/team-permissions/${team.json.id}/${userId}/$read_members`, {
      headers: as(project, 'server'),
      body: {},
    });
    expect(granted.status).toBeLessThan(300);

    const log = await events(project);
    // The project's own creation (its first keys) came before; the script starts at the sign-up.
    const script = log.items.slice(0, log.items.findIndex((e: any) => e.type === 'user.created') + 1);
    const summary = script.map((e: any) => `${e.type} ${e.actor.type}`).reverse();
    expect(summary).toEqual([
      'user.created client',
      'sign_in.succeeded client',
      'sign_in.failed client',
      'sign_in.succeeded client',
      'password.changed client',
      'email.added client',
      'mfa.enabled client',
      'mfa.disabled client',
      'sign_in.succeeded client',
      'session.revoked server',
      'sign_out client',
      'api_keys.created admin',
      'api_keys.revoked admin',
      'project.updated admin',
      'permission.granted server',
    ]);
    const byType = (type: string) => script.filter((e: any) => e.type === type);
    for (const event of script.filter((e: any) => e.actor.type === 'client')) {
      expect(event.ip).toBe('127.0.0.1');
      expect(event.user_agent).toBe(browser);
    }
    expect(byType('sign_in.failed')[0]).toMatchObject({
      user_id: userId,
      details: { method: 'password', reason: 'wrong_password', email },
    });
    expect(byType('sign_in.succeeded').every((e: any) => e.user_id === userId && e.details.method === 'password')).toBe(true);
    // The signed-in user is the actor of their own changes.
    expect(byType('password.changed')[0]).toMatchObject({ user_id: userId, actor: { type: 'client', id: userId } });
    expect(byType('email.added')[0].details).toEqual({ email: `second-${email}`, is_primary: false });
    expect(byType('project.updated')[0].details).toEqual({ fields: ['config.magic_link_enabled'] });
    expect(byType('api_keys.created')[0].details).toMatchObject({ key_set_id: keys.id, description: 'CI' });
    expect(byType('permission.granted')[0].details).toEqual({ team_id: team.json.id, permission_id: '$read_members' });
    // Nothing secret is ever written: no password, no key.
    const everything = JSON.stringify(log.items);
    for (const secret of [password, newPassword, keys.publishable_client_key, signIn.refresh_token])
      expect(everything).not.toContain(secret);
  });

  test('an unknown email fails with no account and the address in the details', async () => {
    const project = await makeProject(t, 'audited-unknown');
    const email = uniqueEmail('nobody');
    await call(t, 'POST', '/auth/password/sign-in', { headers: as(project, 'client'), body: { email, password } });
    const [event] = (await events(project)).items;
    expect(event).toMatchObject({ type: 'sign_in.failed', user_id: null, details: { reason: 'unknown_email', email } });
  });

  test('a spent refresh token presented again is in the audit log as the session it ended', async () => {
    const project = await makeProject(t, 'audited-reuse');
    expectOk(
      await call(t, 'PATCH', '/projects/current', {
        headers: as(project, 'admin'),
        body: { config: { refresh_token_rotation_enabled: true } },
      }),
    );
    const user = await signUp(t, project, uniqueEmail('reused'));
    expectOk(await refreshFor(t, project, user.refresh_token));
    // Past the window in which a reuse still answers the new token.
    advanceClock(t, refreshTokenReuseGraceMillis + 1);
    expect((await refreshFor(t, project, user.refresh_token)).status).toBe(401);
    const revoked = (await events(project, '?type=session.revoked')).items;
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ user_id: user.user_id, details: { reason: 'refresh_token_reused' } });
    expect(revoked[0].details.session_id).toBeString();
    // A third try finds nothing left to end and records nothing more.
    expect((await refreshFor(t, project, user.refresh_token)).status).toBe(401);
    expect((await events(project, '?type=session.revoked')).items).toHaveLength(1);
  });

  test('an unauthenticated caller cannot make the log store a long User-Agent: it is cut to 512 characters', async () => {
    const project = await makeProject(t, 'audited-long-agent');
    const userAgent = `Mozilla/5.0 ${'x'.repeat(12_000)}`;
    const res = await call(t, 'POST', '/auth/password/sign-in', {
      headers: { ...as(project, 'client'), 'user-agent': userAgent },
      body: { email: uniqueEmail('long-agent'), password },
    });
    expect(res.status).toBe(400);
    const [event] = (await events(project)).items;
    expect(event.type).toBe('sign_in.failed');
    expect(event.user_agent).toBe(userAgent.slice(0, 512));
  });
});

describe('reading the log', () => {
  test('filters by user and by type (one or a list), and cursors page through without gaps', async () => {
    const project = await makeProject(t, 'audited-pages');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        expectOk(
          await call(t, 'POST', '/auth/password/sign-up', {
            headers: as(project, 'client'),
            body: { email: uniqueEmail(`p${i}`), password },
          }),
        ).user_id,
      );
    }
    const mine = await events(project, `?user_id=${ids[2]}`);
    expect(mine.items.map((e: any) => e.type).sort()).toEqual(['sign_in.succeeded', 'user.created']);
    const created = await events(project, '?type=user.created');
    expect(created.items.map((e: any) => e.user_id)).toEqual([...ids].reverse());
    const both = await events(project, '?type=user.created,sign_in.succeeded');
    expect(both.items).toHaveLength(10);

    const total = (await events(project, '?limit=1000')).items.length;
    expect(total).toBe(11); // five sign-ups with their sign-ins, and the project's first keys
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await events(project, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((e: any) => e.id));
      cursor = page.pagination.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual([...seen].sort((a, b) => Number(b) - Number(a)));

    const future = await events(project, `?since=${Date.now() + 60_000}`);
    expect(future.items).toEqual([]);
  });

  test('bad filters are schema errors; client and server keys may not read it', async () => {
    const project = await makeProject(t, 'audited-access');
    for (const query of ['?type=user.exploded', '?limit=0', '?limit=5000', '?since=yesterday', '?user_id=me', '?cursor=abc']) {
      const res = await call(t, 'GET', `/audit-events${query}`, { headers: as(project, 'admin') });
      expect(`${query} ${res.status} ${res.json?.code}`).toBe(`${query} 400 SCHEMA_ERROR`);
    }
    for (const access of ['client', 'server'] as const) {
      const res = await call(t, 'GET', '/audit-events', { headers: as(project, access) });
      expect(res.status).toBe(401);
    }
  });
});

describe('written with the change, or not at all', () => {
  test('a refused change (an email already used by another account) leaves no event', async () => {
    const project = await makeProject(t, 'audited-rollback');
    const a = expectOk(
      await call(t, 'POST', '/auth/password/sign-up', {
        headers: as(project, 'client'),
        body: { email: uniqueEmail('a'), password },
      }),
    );
    const taken = uniqueEmail('b');
    expectOk(
      await call(t, 'POST', '/auth/password/sign-up', { headers: as(project, 'client'), body: { email: taken, password } }),
    );
    const before = (await events(project)).items.length;
    const refused = await call(t, 'POST', '/contact-channels', {
      headers: as(project, 'server'),
      body: { user_id: a.user_id, type: 'email', value: taken, used_for_auth: true },
    });
    expect(refused.status).toBe(409);
    expect((await events(project)).items.length).toBe(before);
  });
});

describe('retention', () => {
  test('events older than the project retention are pruned; 0 keeps them', async () => {
    const kept = await makeProject(t, 'audited-forever');
    await setProjectConfig(t, kept, { audit_log_retention_days: 0 });
    const pruned = await makeProject(t, 'audited-week');
    await setProjectConfig(t, pruned, { audit_log_retention_days: 7 });
    expect(
      expectOk(await call(t, 'GET', '/projects/current', { headers: as(pruned, 'admin') })).config.audit_log_retention_days,
    ).toBe(7);
    for (const project of [kept, pruned]) {
      expectOk(
        await call(t, 'POST', '/auth/password/sign-up', {
          headers: as(project, 'client'),
          body: { email: uniqueEmail('old'), password },
        }),
      );
    }
    const keptBefore = (await events(kept)).items.length;
    const realNow = t.ctx.clock.now;
    t.ctx.clock.now = () => realNow() + 8 * 24 * 60 * 60 * 1000;
    try {
      expect(await pruneAuditEvents(t.ctx)).toBeGreaterThanOrEqual(2);
    } finally {
      t.ctx.clock.now = realNow;
    }
    expect((await events(pruned)).items.filter((e: any) => e.type !== 'project.updated')).toEqual([]);
    expect((await events(kept)).items.length).toBe(keptBefore);
    const bad = await call(t, 'PATCH', '/projects/current', {
      headers: as(pruned, 'admin'),
      body: { config: { audit_log_retention_days: -1 } },
    });
    expect(bad.json.code).toBe('SCHEMA_ERROR');
  });
});
