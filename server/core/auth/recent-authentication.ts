// Recent authentication ("sudo mode"): changes that would let whoever holds a signed-in device
// lock the owner out (turning MFA off, removing a passkey, changing the primary email, replacing
// recovery codes) need the user to have proved a factor in this session within the last few
// minutes. Signing in counts, so a fresh session qualifies (Stack's SDK acts right after
// sign-in); later, the password, a TOTP code or a passkey given to reauthenticate() does.
// Only client callers are asked: a server or admin key speaks for the app, not for a device.
import { and, eq, isNull, or } from 'drizzle-orm';
import { knownError } from '../../protocol/known-errors';
import type { Context } from '../storage/context';
import { refreshTokens, users } from '../storage/tables';
import { firstRow } from '../storage/query-results';
import { writeTransaction } from '../storage/transactions';
import { requireUserRow } from '../storage/user-queries';
import { recordAuditEvent } from '../audit/audit-log';
import type { RequestAuth } from '../credentials/callers';
import { verifyPassword } from '../credentials/password-hashing';
import { consumeRateLimit, type RequestOrigin } from '../credentials/rate-limits';
import { reserveGuessExplainingLock } from './guess-reservation';
import { acceptedTotpStep, openTotpSecret } from '../credentials/totp-codes';
import { verifyPasskeyAssertion } from './passkeys';

/** How long a proof of a factor counts for the sensitive changes. */
export const recentAuthenticationWindowMillis = 10 * 60 * 1000;

type ProjectCaller = Extract<RequestAuth, { kind: 'project' }>;

const sessionOf = (sessionId: string) =>
  and(or(eq(refreshTokens.id, sessionId), eq(refreshTokens.sessionId, sessionId)), isNull(refreshTokens.replacedAt));

/** When the user last proved a factor in this session, or null when the session is gone. */
async function sessionVerifiedAt(ctx: Context, projectId: string, sessionId: string): Promise<number | null> {
  const row = firstRow(
    await ctx.db
      .select({ verifiedAt: refreshTokens.verifiedAt, createdAt: refreshTokens.createdAt })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.projectId, projectId), sessionOf(sessionId)))
      .limit(1),
  );
  // Sessions older than the column count from their sign-in.
  return row ? (row.verifiedAt ?? row.createdAt) : null;
}

/** Refuses a client caller whose session's last proof of a factor is older than the window. */
export async function requireRecentAuthentication(ctx: Context, caller: ProjectCaller): Promise<void> {
  if (caller.accessType !== 'client') return;
  const verifiedAt = caller.sessionId === null ? null : await sessionVerifiedAt(ctx, caller.projectId, caller.sessionId);
  if (verifiedAt === null || ctx.clock.now() - verifiedAt > recentAuthenticationWindowMillis) {
    throw knownError('RECENT_AUTHENTICATION_REQUIRED', recentAuthenticationWindowMillis / 60_000);
  }
}

/** One factor, as the reauthentication call takes it. */
export type ReauthenticationProof =
  { password: string } | { totp: string } | { passkey: { authentication_response: unknown; code: string } };

/**
 * Checks one factor of the signed-in user and, when it holds, marks their session as recently
 * verified. Wrong answers get the errors the same factor gets elsewhere and count against the
 * same limits: the password against the per-user check limit, a TOTP code against the guess
 * throttle (and is not accepted twice).
 */
export async function reauthenticate(
  ctx: Context,
  caller: ProjectCaller,
  userId: string,
  proof: ReauthenticationProof,
  origin: RequestOrigin,
): Promise<{ verified_at_millis: number }> {
  const { projectId } = caller;
  // A token from before sessions were named: refreshing gives one that names its session.
  if (caller.sessionId === null) throw knownError('ACCESS_TOKEN_EXPIRED');
  const user = await requireUserRow(ctx.db, projectId, userId);
  let factor: 'password' | 'totp' | 'passkey';
  if ('password' in proof) {
    factor = 'password';
    if (!user.passwordHash) throw knownError('USER_DOES_NOT_HAVE_PASSWORD');
    await consumeRateLimit(ctx, 'passwordCheckPerUser', projectId, userId);
    if (!(await verifyPassword(proof.password, user.passwordHash))) throw knownError('PASSWORD_CONFIRMATION_MISMATCH');
  } else if ('totp' in proof) {
    factor = 'totp';
    const guess = await reserveGuessExplainingLock(ctx, 'totp', projectId, userId, origin.ip);
    const step = user.totpSecretBase64
      ? acceptedTotpStep(openTotpSecret(ctx, user.totpSecretBase64), proof.totp, ctx.clock.now(), user.totpLastUsedStep)
      : null;
    if (step === null) {
      await guess.failed();
      throw knownError('INVALID_TOTP_CODE');
    }
    await guess.succeeded();
    await writeTransaction(ctx, async (tx) => await tx.update(users).set({ totpLastUsedStep: step }).where(eq(users.id, userId)));
  } else {
    factor = 'passkey';
    const passkeyUserId = await verifyPasskeyAssertion(ctx, projectId, proof.passkey);
    if (passkeyUserId !== userId) throw knownError('PASSKEY_AUTHENTICATION_FAILED', 'This passkey belongs to another account.');
  }
  const now = ctx.clock.now();
  const sessionId = caller.sessionId;
  await writeTransaction(ctx, async (tx) => {
    const marked = await tx
      .update(refreshTokens)
      .set({ verifiedAt: now })
      .where(and(eq(refreshTokens.projectId, projectId), eq(refreshTokens.userId, userId), sessionOf(sessionId)))
      .returning({ id: refreshTokens.id });
    // The session ended meanwhile: its access token is about to be refused anyway.
    if (marked.length === 0) throw knownError('ACCESS_TOKEN_EXPIRED');
    await recordAuditEvent(ctx, { projectId, type: 'session.reauthenticated', userId, details: { method: factor } });
  });
  return { verified_at_millis: now };
}
