// The one way every sign-in path (password, sign-up, one-time code, OAuth token exchange) ends:
// either a session, or, for a user with TOTP turned on, the multi-factor challenge instead, so
// no path can hand out tokens without the second factor.
import { recordAuditEvent } from '../audit/audit-log';
import { knownError } from '../../protocol/known-errors';
import type { Context } from '../storage/context';
import { insertSession, startSession, type InsertedSession, type SessionTokens } from './sessions';
import { createVerificationCode } from '../credentials/verification-codes';
import { refuseBannedUser, type BanColumns } from '../users/user-ban-state';

export interface SignInResult extends SessionTokens {
  user_id: string;
}

/** What an MFA attempt code remembers until `POST /auth/mfa/sign-in` finishes the sign-in. */
export interface MfaAttemptData {
  user_id: string;
  is_new_user: boolean;
  /** The first factor, for the audit log's sign-in event once the second one is given. */
  method?: SignInMethod;
}

/** How a sign-in began, as the audit log records it. */
export type SignInMethod = 'password' | 'magic_link' | 'passkey' | 'oauth';

/** The user signing in, as the sign-in path has just read it (a user row qualifies). */
export interface SigningInUser extends BanColumns {
  id: string;
  requiresTotpMfa: boolean;
}

export async function completeSignIn(
  ctx: Context,
  projectId: string,
  user: SigningInUser,
  options: { method: SignInMethod; isNewUser?: boolean },
): Promise<SignInResult> {
  // Before the second factor too: a banned user is told so, not asked for a code that leads nowhere.
  refuseBannedUser(user, ctx.clock.now());
  if (user.requiresTotpMfa) {
    const attempt: MfaAttemptData = { user_id: user.id, is_new_user: options.isNewUser ?? false, method: options.method };
    const attemptCode = await createVerificationCode(ctx, ctx.db, projectId, 'mfa_attempt', { ...attempt });
    throw knownError('MULTI_FACTOR_AUTHENTICATION_REQUIRED', attemptCode);
  }
  const tokens = await startSession(
    ctx,
    projectId,
    user.id,
    undefined,
    async () => await recordSignIn(ctx, projectId, user.id, options.method),
  );
  return { ...tokens, user_id: user.id };
}

/**
 * Sign-up's sign-in, inside the transaction that creates the user, so that both commit at once.
 * A user that new has no second factor: it is always a session. Returns its refresh token and id;
 * the caller signs the access token after the commit (signAccessToken, with the same `now`).
 */
export async function insertNewUserSession(
  ctx: Context,
  projectId: string,
  userId: string,
  now: number,
  method: SignInMethod,
): Promise<InsertedSession> {
  const session = await insertSession(ctx, projectId, userId, now);
  await recordSignIn(ctx, projectId, userId, method);
  return session;
}

async function recordSignIn(ctx: Context, projectId: string, userId: string, method: SignInMethod): Promise<void> {
  await recordAuditEvent(ctx, { projectId, type: 'sign_in.succeeded', userId, details: { method } });
}
