// One mechanism for every one-time code: email verification, password reset, magic
// link, team invitation, MFA attempt and the OAuth flow's two codes. Codes are 45 random characters
// stored only as digests; each kind has its expiry; a submission is checked in Stack's order
// (not found, expired, already used, too many attempts) and only a consuming one marks it used.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection';
import { verificationCodes } from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import type { Context } from '../storage/context';
import { prepared } from '../storage/prepared-queries';
import { randomCrockfordString, sha256Hex } from './random-tokens';
import { writeTransaction, type DbWriter } from '../storage/transactions';
import type { BackgroundWorker } from '../storage/background-worker';
import { deleteInBatches, startPeriodicPruning } from '../storage/batched-pruning';

export const verificationCodeKinds = [
  'email_verification',
  'password_reset',
  'magic_link',
  'team_invitation',
  'mfa_attempt',
  // The OAuth flow: the outer request kept while the user is at the provider, keyed
  // by the inner state, and the authorization code the app exchanges at the token endpoint.
  'oauth_outer_flow',
  'oauth_authorization_code',
  // Emailed when the guess throttle's account-wide backstop locks an account (auth/account-unlock.ts).
  'account_unlock',
  // WebAuthn challenges: the initiate endpoints hand one out, register / sign-in consume it.
  'passkey_registration',
  'passkey_authentication',
  // A link that opens the hosted screens inside an impersonation session (auth/impersonation.ts).
  'impersonation_link',
] as const;
export type VerificationCodeKind = (typeof verificationCodeKinds)[number];

const day = 24 * 60 * 60 * 1000;
export const verificationCodeLifetimeMillis: Record<VerificationCodeKind, number> = {
  email_verification: 7 * day,
  password_reset: 7 * day,
  magic_link: 7 * day,
  team_invitation: 7 * day,
  mfa_attempt: 5 * 60 * 1000,
  // Kept past the flow's 10-minute limit so that a late callback gets OUTER_OAUTH_TIMEOUT
  // (checked against the flow's start) rather than "not found".
  oauth_outer_flow: 60 * 60 * 1000,
  oauth_authorization_code: 5 * 60 * 1000,
  // As long as the lock it lifts can last.
  account_unlock: day,
  // The ceremony's 60 s timeout plus a few seconds for the answer to arrive.
  passkey_registration: 65 * 1000,
  passkey_authentication: 65 * 1000,
  // Opened by the admin's own browser right after it was made.
  impersonation_link: 2 * 60 * 1000,
};

/** Guessing a 6-character OTP is capped at this many tries per nonce. */
export const maxVerificationAttempts = 20;
/**
 * An MFA attempt code allows fewer tries: each one guesses a 6-digit TOTP (a million values,
 * three of them right), which is far easier than the 6-character magic-link OTP.
 */
export const maxMfaAttempts = 5;
const maxAttemptsOf = (kind: VerificationCodeKind) => (kind === 'mfa_attempt' ? maxMfaAttempts : maxVerificationAttempts);
/** The OTP is the first 6 characters; the remaining 39 are the nonce shared by its attempts. */
const nonceLength = 39;

/** Stores a new code of `kind` with `data` under row `id` (an invitation's id, say) and returns it. */
export async function createVerificationCode(
  ctx: Context,
  db: DbWriter,
  projectId: string,
  kind: VerificationCodeKind,
  data: Record<string, unknown>,
  id: string = crypto.randomUUID(),
): Promise<string> {
  const code = randomCrockfordString(45);
  const now = ctx.clock.now();
  // Joins the caller's transaction; a caller outside one (passing ctx.db) gets its own.
  await writeTransaction(
    ctx,
    async () =>
      await db.insert(verificationCodes).values({
        id,
        projectId,
        kind,
        codeHash: sha256Hex(code),
        nonceHash: sha256Hex(code.slice(-nonceLength)),
        data,
        createdAt: now,
        expiresAt: now + verificationCodeLifetimeMillis[kind],
      }),
  );
  return code;
}

type CodeRow = typeof verificationCodes.$inferSelect;

// Submissions are on sign-in paths (magic link, MFA, OAuth), so their statements are prepared.
// prepared() keeps one per connection: inside a transaction they run on its connection.
const countSubmission = (db: Db) =>
  db
    .update(verificationCodes)
    .set({ attemptCount: sql`${verificationCodes.attemptCount} + 1` })
    .where(
      and(
        eq(verificationCodes.projectId, sql.placeholder('projectId')),
        eq(verificationCodes.nonceHash, sql.placeholder('nonceHash')),
      ),
    )
    .returning({ id: verificationCodes.id, attemptCount: verificationCodes.attemptCount })
    .prepare();
const selectCode = (db: Db) =>
  db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.projectId, sql.placeholder('projectId')),
        eq(verificationCodes.kind, sql.placeholder('kind')),
        eq(verificationCodes.codeHash, sql.placeholder('codeHash')),
      ),
    )
    .prepare();
const markCodeUsed = (db: Db) =>
  db
    .update(verificationCodes)
    .set({ usedAt: sql.placeholder('usedAt') as unknown as number })
    .where(eq(verificationCodes.id, sql.placeholder('id')))
    .prepare();

/**
 * Counts a submission against every code sharing its nonce, so typing wrong OTPs exhausts the
 * code they target. Committed on its own, before any check: a check that fails (NOT_FOUND for
 * a wrong guess) must not roll the count back. Answers each code's count as this submission
 * left it (its place in the line of submissions).
 */
async function recordSubmission(ctx: Context, projectId: string, code: string): Promise<Map<string, number>> {
  const counted = await writeTransaction(ctx, () => prepared(ctx, countSubmission).all({ projectId, nonceHash: sha256Hex(code.slice(-nonceLength)) }));
  return new Map(counted.map((row) => [row.id, row.attemptCount]));
}

async function checkSubmittedCode(
  ctx: Context,
  projectId: string,
  kind: VerificationCodeKind,
  code: string,
  countsAtSubmission: Map<string, number>,
): Promise<CodeRow> {
  const row = await prepared(ctx, selectCode).get({ projectId, kind, codeHash: sha256Hex(code) });
  if (!row) throw knownError('VERIFICATION_CODE_NOT_FOUND');
  if (row.expiresAt <= ctx.clock.now()) throw knownError('VERIFICATION_CODE_EXPIRED');
  if (row.usedAt !== null) throw knownError('VERIFICATION_CODE_ALREADY_USED');
  // The count this submission made, not the count now: submissions that came after it (many
  // people racing with one right code) do not make an earlier one "too many".
  if ((countsAtSubmission.get(row.id) ?? row.attemptCount) > maxAttemptsOf(kind)) throw knownError('VERIFICATION_CODE_MAX_ATTEMPTS_REACHED');
  return row;
}

/** The check-code endpoints: the same checks, nothing consumed. Returns the code's data. */
export async function checkVerificationCode(
  ctx: Context,
  projectId: string,
  kind: VerificationCodeKind,
  submitted: string,
): Promise<Record<string, unknown>> {
  const code = submitted.toLowerCase();
  const counts = await recordSubmission(ctx, projectId, code);
  return (await checkSubmittedCode(ctx, projectId, kind, code, counts)).data;
}

/**
 * Checks the code, marks it used and runs `action` with the data stored with it, all in one
 * transaction, so the action's writes and the code's use commit together.
 */
export async function consumeVerificationCode<T>(
  ctx: Context,
  projectId: string,
  kind: VerificationCodeKind,
  submitted: string,
  action: (tx: DbWriter, data: Record<string, unknown>) => T,
): Promise<T> {
  const code = submitted.toLowerCase();
  const counts = await recordSubmission(ctx, projectId, code);
  return await writeTransaction(ctx, async (tx) => {
    const row = await checkSubmittedCode(ctx, projectId, kind, code, counts);
    await prepared(ctx, markCodeUsed).run({ id: row.id, usedAt: ctx.clock.now() });
    return action(tx, row.data);
  });
}

/**
 * Deletes codes of every kind once they have been expired for as long as they were valid: until
 * then a late submission still gets VERIFICATION_CODE_EXPIRED rather than "not found" (a 65-second
 * passkey challenge goes after 130 s, a 7-day magic link after 14 days). In batches, so a large
 * backlog does not hold the write lock for long. Returns how many went.
 */
export async function pruneExpiredVerificationCodes(ctx: Context, batchSize = 5_000): Promise<number> {
  const now = ctx.clock.now();
  let pruned = 0;
  for (const kind of verificationCodeKinds) {
    const cutoff = now - verificationCodeLifetimeMillis[kind];
    const expired = and(eq(verificationCodes.kind, kind), lt(verificationCodes.expiresAt, cutoff));
    pruned += await deleteInBatches(
      ctx,
      batchSize,
      async (tx) =>
        (
          await tx
            .delete(verificationCodes)
            .where(
              inArray(
                verificationCodes.id,
                tx.select({ id: verificationCodes.id }).from(verificationCodes).where(expired).limit(batchSize),
              ),
            )
            .returning({ id: verificationCodes.id })
        ).length,
    );
  }
  return pruned;
}

/** `serve` prunes at start and then every ten minutes. */
export function startVerificationCodePruning(ctx: Context): BackgroundWorker {
  return startPeriodicPruning(ctx, 'expired code pruning', 10 * 60 * 1000, pruneExpiredVerificationCodes);
}
