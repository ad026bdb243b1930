// The passkey sign-in challenge needs only the public client key and stores a row,
// so it is rate-limited per client address, and expired codes and challenges of every kind are
// deleted rather than kept forever.
import { describe, expect, test } from 'bun:test';
import type { TestInstance } from '../support/instance';
import {
  createVerificationCode,
  pruneExpiredVerificationCodes,
  verificationCodeKinds,
  verificationCodeLifetimeMillis,
} from '../../server/core/credentials/verification-codes';
import { as, call, passkeyProject } from '../support/passkeys';
import { withInstance } from '../support/file-instance';

async function challengeRows(t: TestInstance, projectId: string): Promise<number> {
  const [row] = await t.rows(
    `select count(*) as n from verification_codes where project_id = ? and kind = 'passkey_authentication'`,
    projectId,
  );
  return Number(row!.n);
}

describe('production: passkey sign-in challenges per client address', () => {
  let t: TestInstance;
  withInstance((started) => ({ t } = started), { instance: { mode: 'production' } });

  test('100 per 15 minutes; the 101st is refused with 429 and stores nothing', async () => {
    const project = await passkeyProject(t, 'Challenge flood');
    const initiate = () =>
      call(t, 'POST', '/auth/passkey/initiate-passkey-authentication', { headers: as(project, 'client'), body: {} });
    for (let i = 0; i < 100; i++) expect((await initiate()).status).toBe(200);
    const refused = await initiate();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await challengeRows(t, project.projectId)).toBe(100);
  });
});

describe('expired codes and challenges are pruned', () => {
  let t: TestInstance;
  withInstance((started) => ({ t } = started));

  test('every kind is deleted once expired for as long as it was valid; until then a late submission still reads "expired"', async () => {
    const project = await passkeyProject(t, 'Pruning');
    const start = Date.now();
    t.ctx.clock = { now: () => start };
    const codes = new Map<string, string>();
    for (const kind of verificationCodeKinds)
      codes.set(kind, await createVerificationCode(t.ctx, t.ctx.db, project.projectId, kind, { kind }));
    const challenge = await call(t, 'POST', '/auth/passkey/initiate-passkey-authentication', {
      headers: as(project, 'client'),
      body: {},
    });
    expect(challenge.status).toBe(200);
    const remaining = async () =>
      (await t.rows('select kind from verification_codes where project_id = ? order by kind', project.projectId)).map(
        (r) => r.kind,
      );
    expect(await remaining()).toHaveLength(verificationCodeKinds.length + 1);

    // Just expired: kept, and the sign-in says the challenge expired.
    t.ctx.clock = { now: () => start + verificationCodeLifetimeMillis.passkey_authentication + 1_000 };
    await pruneExpiredVerificationCodes(t.ctx);
    expect(await remaining()).toHaveLength(verificationCodeKinds.length + 1);
    const late = await call(t, 'POST', '/auth/passkey/sign-in', {
      headers: as(project, 'client'),
      body: { code: challenge.json.code, authentication_response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } },
    });
    expect(late.status).toBe(400);
    expect(late.headers.get('x-stack-known-error')).toBe('VERIFICATION_CODE_EXPIRED');

    // Each kind goes once twice its lifetime has passed, and not before.
    const lifetimes = [...new Set(Object.values(verificationCodeLifetimeMillis))].sort((a, b) => a - b);
    const kindsLasting = (test: (lifetime: number) => boolean) =>
      verificationCodeKinds.filter((k) => test(verificationCodeLifetimeMillis[k]));
    for (const lifetime of lifetimes) {
      t.ctx.clock = { now: () => start + 2 * lifetime - 1_000 };
      await pruneExpiredVerificationCodes(t.ctx);
      for (const kind of kindsLasting((l) => l >= lifetime)) expect(await remaining()).toContain(kind);
      t.ctx.clock = { now: () => start + 2 * lifetime + 1_000 };
      await pruneExpiredVerificationCodes(t.ctx);
      for (const kind of kindsLasting((l) => l <= lifetime)) expect(await remaining()).not.toContain(kind);
    }
    expect(await remaining()).toEqual([]);
  });
});
