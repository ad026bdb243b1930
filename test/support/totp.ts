// Shared by the TOTP tests: secrets, the codes an authenticator app would show at
// the instance's clock (computed with otpauth, independently of authd's own code), and the
// MFA-required answer of a first sign-in step.
import { expect } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { ApiResult, TestInstance } from './instance';
import { as, call, codePattern, expectKnownError, expectOk } from './mail';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '../../server/core/storage/transactions';
import { users } from '../../server/core/storage/tables';

export * from './mail';

export interface TotpSecret {
  bytes: Uint8Array;
  base64: string;
}

/** 20 random bytes, as the hosted screens generate. */
export function newTotpSecret(): TotpSecret {
  const bytes = new Uint8Array(randomBytes(20));
  return { bytes, base64: Buffer.from(bytes).toString('base64') };
}

function authenticator(secret: TotpSecret): TOTP {
  return new TOTP({ secret: new Secret({ buffer: secret.bytes.slice().buffer }), algorithm: 'SHA1', digits: 6, period: 30 });
}

/** The code an authenticator app shows at the instance's current time, `stepOffset` steps away. */
export function totpAt(t: TestInstance, secret: TotpSecret, stepOffset = 0): string {
  return authenticator(secret).generate({ timestamp: t.ctx.clock.now() + stepOffset * 30_000 });
}

/** Six digits that are not the code of any step within two of now (so no clock tolerance matches). */
export function wrongTotp(t: TestInstance, secret: TotpSecret): string {
  const near = [-2, -1, 0, 1, 2].map((offset) => totpAt(t, secret, offset));
  for (let n = Number(near[2]) + 1; ; n++) {
    const candidate = String(n % 1_000_000).padStart(6, '0');
    if (!near.includes(candidate)) return candidate;
  }
}

export function setTotpSecretAsClient(t: TestInstance, project: BootstrappedProject, accessToken: string, secret: string | null) {
  return call(t, 'PATCH', '/users/me', { headers: as(project, 'client', accessToken), body: { totp_secret_base64: secret } });
}

export function setTotpSecretAsServer(t: TestInstance, project: BootstrappedProject, userId: string, secret: string | null) {
  return call(t, 'PATCH', `/users/${userId}`, { headers: as(project, 'server'), body: { totp_secret_base64: secret } });
}

/** The attempt code of a MULTI_FACTOR_AUTHENTICATION_REQUIRED answer. */
export function expectMfaRequired(res: ApiResult): string {
  expectKnownError(res, 400, 'MULTI_FACTOR_AUTHENTICATION_REQUIRED');
  expect(res.json.error).toBe('Multi-factor authentication is required for this user.');
  expect(Object.keys(res.json.details)).toEqual(['attempt_code']);
  expect(res.json.details.attempt_code).toMatch(codePattern);
  return res.json.details.attempt_code;
}

export function mfaSignIn(t: TestInstance, project: BootstrappedProject, attemptCode: string, totp: string) {
  return call(t, 'POST', '/auth/mfa/sign-in', {
    headers: as(project, 'client'),
    body: { code: attemptCode, type: 'totp', totp },
  });
}

export function expectInvalidTotp(res: ApiResult): void {
  expectKnownError(res, 400, 'INVALID_TOTP_CODE');
  expect(res.json.error).toBe('The TOTP code is invalid. Please try again.');
}

/** The stored columns behind a user's second factor; the flag as 0/1 on both dialects. */
export async function storedTotp(
  t: TestInstance,
  userId: string,
): Promise<{ secret: string | null; requires: number; lastStep: number | null }> {
  const [row] = await t.rows(
    'select totp_secret_base64 as secret, requires_totp_mfa as requires, totp_last_used_step as last_step from users where id = ?',
    userId,
  );
  return {
    secret: row!.secret as string | null,
    requires: Number(row!.requires),
    lastStep: row!.last_step === null ? null : Number(row!.last_step),
  };
}

export async function expectUserRequiresTotp(
  t: TestInstance,
  project: BootstrappedProject,
  userId: string,
  expected: boolean,
): Promise<void> {
  const view = expectOk(await call(t, 'GET', `/users/${userId}`, { headers: as(project, 'server') }));
  expect(view.requires_totp_mfa).toBe(expected);
}

/** Turns TOTP on for a user straight in storage (a secret of zeros): for sign-in paths that only need to meet the challenge. */
export async function requireTotpInStorage(t: TestInstance, userId: string): Promise<void> {
  await writeTransaction(
    t.ctx,
    async (tx) =>
      await tx.update(users).set({ requiresTotpMfa: true, totpSecretBase64: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=' }).where(eq(users.id, userId)),
  );
}
