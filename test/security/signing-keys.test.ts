// Project signing keys: sealed at rest (a copy of the database without the key file cannot mint
// tokens) and rotated (the new key signs, old ones verify and stay in the JWKS until the tokens
// they signed have expired, then they are dropped), from core and from `authd keys rotate-signing`.
import { describe, expect, test } from 'bun:test';
import { routedDatabase } from '../../server/core/storage/transactions';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import { openStorage } from '../../db/connection';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { openSecret } from '../../server/core/storage/secret-box';
import { getProjectSigningKey, rotateProjectSigningKey } from '../../server/core/auth/signing-keys';
import { runCli } from '../support/cli';
import { makeTempDir, type TestInstance } from '../support/instance';
import { as, call, expectKnownError, expectOk, goodPassword, shiftClock, signUp, uniqueEmail } from '../support/user-views';
import { withProject } from '../support/file-instance';

let t: TestInstance, project: BootstrappedProject;

withProject('Rotating keys', (started) => ({ t, project } = started));

const kidOf = (token: string) => decodeProtectedHeader(token).kid!;
const getMe = (token: string) => call(t, 'GET', '/users/me', { headers: as(project, 'client', token) });
async function jwksKids(): Promise<string[]> {
  const res = expectOk(await call(t, 'GET', `/projects/${project.projectId}/.well-known/jwks.json`));
  return res.keys.map((key: JWK) => key.kid);
}
async function freshToken(): Promise<string> {
  return (await signUp(t, project, uniqueEmail('rotate'), goodPassword)).access_token;
}

describe('rotation', () => {
  test('rotate → new tokens carry the new kid, old tokens still verify, the JWKS lists both', async () => {
    const before = await freshToken();
    const oldKid = kidOf(before);
    const rotation = await rotateProjectSigningKey(t.ctx, project.projectId);
    expect(rotation.new_key_id).not.toBe(oldKid);
    expect(rotation.verifying_key_ids.sort()).toEqual([oldKid, rotation.new_key_id].sort());

    const after = await freshToken();
    expect(kidOf(after)).toBe(rotation.new_key_id);
    expectOk(await getMe(before));
    expectOk(await getMe(after));
    expect((await jwksKids()).sort()).toEqual([oldKid, rotation.new_key_id].sort());
  });

  test('once its tokens have expired, a retired key leaves the JWKS and is deleted at the next rotation', async () => {
    const oldKid = kidOf(await freshToken());
    const first = await rotateProjectSigningKey(t.ctx, project.projectId);
    expect(await jwksKids()).toContain(oldKid);
    const restore = shiftClock(t, t.ctx.settings.accessTokenLifetimeMillis + 1_000);
    try {
      expect(await jwksKids()).not.toContain(oldKid);
      const second = await rotateProjectSigningKey(t.ctx, project.projectId);
      expect(second.dropped_key_ids).toContain(oldKid);
      expect(second.verifying_key_ids.sort()).toEqual([first.new_key_id, second.new_key_id].sort());
      const stored = t.sqlite.query('select key_id from project_signing_keys where key_id = ?').get(oldKid);
      expect(stored).toBeNull();
    } finally {
      restore();
    }
  });

  test('a token naming a dropped key is refused even when signed with that key', async () => {
    const old = await getProjectSigningKey(t.ctx, project.projectId);
    await rotateProjectSigningKey(t.ctx, project.projectId);
    const restore = shiftClock(t, t.ctx.settings.accessTokenLifetimeMillis + 1_000);
    try {
      const now = Math.floor(t.ctx.clock.now() / 1000);
      const forged = await new SignJWT({ branchId: 'main' })
        .setProtectedHeader({ alg: 'ES256', kid: old.keyId })
        .setIssuer('https://access-token.jwt-signature.stack-auth.com')
        .setSubject(crypto.randomUUID())
        .setAudience(project.projectId)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(old.privateKey);
      expectKnownError(await getMe(forged), 401, 'UNPARSABLE_ACCESS_TOKEN');
    } finally {
      restore();
    }
  });

  test('`authd keys rotate-signing` beside a running server: its next token carries the new kid', async () => {
    const oldKid = kidOf(await freshToken());
    const cli = await runCli(['keys', 'rotate-signing', '--project', project.projectId, ...t.databaseArgs, '--json']);
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    const rotation = JSON.parse(cli.stdout);
    expect(rotation.project_id).toBe(project.projectId);
    expect(rotation.verifying_key_ids).toContain(oldKid);
    expect(kidOf(await freshToken())).toBe(rotation.new_key_id);
  });

  test('`authd keys rotate-signing` with an unknown project fails naming it', async () => {
    const cli = await runCli(['keys', 'rotate-signing', '--project', 'no-such-project', ...t.databaseArgs]);
    expect(cli.code).not.toBe(0);
    expect(cli.stderr).toContain('no-such-project');
  });
});

describe('sealed at rest', () => {
  test('the private key is stored sealed; a copy of the database without the key file cannot sign', async () => {
    const signing = await getProjectSigningKey(t.ctx, project.projectId);
    const row = t.sqlite.query('select private_jwk from project_signing_keys where key_id = ?').get(signing.keyId) as {
      private_jwk: string;
    };
    const privateJwk = JSON.parse(openSecret(t.ctx, row.private_jwk)) as JWK;
    expect(privateJwk.d).toBeString();
    expect(row.private_jwk).not.toContain(privateJwk.d!);

    t.sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)');
    const copyDir = makeTempDir('authd-db-copy-');
    copyFileSync(join(t.dataDir, 'authd.db'), join(copyDir, 'authd.db'));
    expect(readFileSync(join(copyDir, 'authd.db')).includes(Buffer.from(privateJwk.d!))).toBe(false);

    // The copy opens with a key of its own: the sealed private keys stay unreadable.
    const copy = openStorage(copyDir);
    try {
      const copied = copy.sqlite.query('select private_jwk from project_signing_keys where key_id = ?').get(signing.keyId) as {
        private_jwk: string;
      };
      expect(() => openSecret(copy, copied.private_jwk)).toThrow();
      expect(() => JSON.parse(copied.private_jwk)).toThrow();
      const copyCtx = { ...t.ctx, db: routedDatabase(copy), storage: copy, secretKey: copy.secretKey };
      await expect(getProjectSigningKey(copyCtx, project.projectId)).rejects.toThrow();
    } finally {
      copy.close();
    }
    // Sanity: with the real private key a forged token would be accepted, so the seal is what stops it.
    const realKey = await importJWK(privateJwk, 'ES256');
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ branchId: 'main' })
      .setProtectedHeader({ alg: 'ES256', kid: signing.keyId })
      .setIssuer('https://access-token.jwt-signature.stack-auth.com')
      .setSubject((await signUp(t, project, uniqueEmail('forged'), goodPassword)).user_id)
      .setAudience(project.projectId)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(realKey);
    expectOk(await getMe(forged));
  });
});
