// MFA recovery codes: ten one-time codes a user keeps on paper for the day the authenticator app
// is gone. Each stands in once for a TOTP code at the second step of a sign-in. They are shown
// only when made; the database keeps an HMAC of each under the instance key, so neither a copy
// of the database nor its reader learns them. Making a new set voids the old one; turning TOTP
// off removes them.
import { createHmac } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { mfaRecoveryCodes } from '../storage/tables';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import type { DbWriter, Tx } from '../storage/transactions';
import { writeTransaction } from '../storage/transactions';
import { requireUserRow } from '../storage/user-queries';
import { randomCrockfordString } from './random-tokens';
import { recordAuditEvent } from '../audit/audit-log';

export const recoveryCodeCount = 10;
/** Ten Crockford characters carry 50 random bits; shown as two groups of five. */
const recoveryCodeLength = 10;

export interface RecoveryCodeSet {
  codes: string[];
  remaining_count: number;
}

/**
 * What a person may type for a code: any case, with or without the hyphen or spaces, and the
 * letters Crockford base32 reads as digits (O as 0, I and L as 1). Null when it cannot be one,
 * so a six-digit TOTP code is never taken for a recovery code.
 */
export function normalizeRecoveryCode(typed: string): string | null {
  const compact = typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  return /^[0-9a-hjkmnp-tv-z]{10}$/.test(compact) ? compact : null;
}

export function recoveryCodeDigest(ctx: Pick<Context, 'secretKey'>, normalized: string): string {
  return createHmac('sha256', ctx.secretKey).update(`mfa-recovery-code:${normalized}`).digest('hex');
}

function formatted(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export async function countUnusedRecoveryCodes(db: DbWriter, projectId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ unused: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.projectId, projectId), eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.unused ?? 0;
}

/** The user's codes left, for the security page (never the codes themselves). */
export async function readRecoveryCodeStatus(ctx: Context, projectId: string, userId: string): Promise<{ remaining_count: number }> {
  await requireUserRow(ctx.db, projectId, userId);
  return { remaining_count: await countUnusedRecoveryCodes(ctx.db, projectId, userId) };
}

/** A fresh set of ten codes for a user with TOTP on; any earlier set stops working. */
export async function makeRecoveryCodes(ctx: Context, projectId: string, userId: string): Promise<RecoveryCodeSet> {
  const codes = Array.from({ length: recoveryCodeCount }, () => randomCrockfordString(recoveryCodeLength));
  await writeTransaction(ctx, async (tx) => {
    const user = await requireUserRow(tx, projectId, userId);
    if (!user.totpSecretBase64) throw plainTextError('MFA_NOT_ENABLED_FOR_RECOVERY_CODES');
    await dropRecoveryCodes(tx, projectId, userId);
    const createdAt = ctx.clock.now();
    await tx
      .insert(mfaRecoveryCodes)
      .values(
        codes.map((code) => ({
          id: crypto.randomUUID(),
          projectId,
          userId,
          codeDigest: recoveryCodeDigest(ctx, code),
          createdAt,
        })),
      );
    await recordAuditEvent(ctx, { projectId, type: 'mfa.recovery_codes_made', userId });
  });
  return { codes: codes.map(formatted), remaining_count: codes.length };
}

export async function dropRecoveryCodes(tx: Tx, projectId: string, userId: string): Promise<void> {
  await tx.delete(mfaRecoveryCodes).where(and(eq(mfaRecoveryCodes.projectId, projectId), eq(mfaRecoveryCodes.userId, userId)));
}

/**
 * Marks the typed code used if it is one of the user's unused codes, in the caller's
 * transaction. Returns how many are left, or null for a wrong or used code.
 */
export async function useRecoveryCode(ctx: Context, tx: DbWriter, projectId: string, userId: string, typed: string): Promise<number | null> {
  const normalized = normalizeRecoveryCode(typed);
  if (normalized === null) return null;
  // The digest is keyed, so looking it up by equality reveals nothing about the codes.
  const used = await tx
    .update(mfaRecoveryCodes)
    .set({ usedAt: ctx.clock.now() })
    .where(
      and(
        eq(mfaRecoveryCodes.projectId, projectId),
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeDigest, recoveryCodeDigest(ctx, normalized)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return used.length === 0 ? null : await countUnusedRecoveryCodes(tx, projectId, userId);
}
