// Email-and-password sign-up, sign-in and password changes (wire §5.1), in the order of checks
// Stack uses so each failure gets the same error it would there.
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { knownError } from '../protocol/known-errors';
import { StatusError } from '../protocol/status-error';
import type { Context } from './context';
import { findPrimaryEmailChannel, sendEmailVerificationCode } from './email-verification';
import { checkPasswordLength, hashPassword, needsRehash, verifyAgainstDummyHash, verifyPassword } from './password-hashing';
import { requireProject } from './projects';
import { checkRateLimit, consumeRateLimit, type RequestOrigin } from './rate-limits';
import { endOtherSessions } from './sessions';
import { completeSignIn, type SignInResult } from './sign-in-completion';
import { writeTransaction } from './transactions';
import { createUser, findUserByAuthEmail, requireUserRow } from './users';

/** The project, if it allows email-and-password sign-in; every /auth/password/* call checks it first. */
export function requirePasswordAuth(ctx: Context, projectId: string) {
  const project = requireProject(ctx, projectId);
  if (!project.credentialEnabled) throw knownError('PASSWORD_AUTHENTICATION_NOT_ENABLED');
  return project;
}

export async function signUpWithPassword(
  ctx: Context,
  projectId: string,
  input: { email: string; password: string; verification_callback_url?: string },
  origin: RequestOrigin,
): Promise<SignInResult> {
  const project = requirePasswordAuth(ctx, projectId);
  consumeRateLimit(ctx, 'signUpPerIp', projectId, origin.ip);
  checkPasswordLength(input.password, { requireMinimum: true });
  if (!project.signUpEnabled) throw knownError('SIGN_UP_NOT_ENABLED');
  const user = await createUser(ctx, projectId, {
    primary_email: input.email,
    primary_email_verified: false,
    primary_email_auth_enabled: true,
    password: input.password,
  });
  if (input.verification_callback_url) sendSignUpVerification(ctx, projectId, user.id, input.verification_callback_url);
  return completeSignIn(ctx, projectId, { id: user.id, requiresTotpMfa: user.requires_totp_mfa }, { isNewUser: true });
}

/** Sign-up succeeds whatever happens to its verification email (wire §5.1), e.g. an untrusted URL. */
function sendSignUpVerification(ctx: Context, projectId: string, userId: string, callbackUrl: string): void {
  try {
    const primary = findPrimaryEmailChannel(ctx, userId);
    if (primary) sendEmailVerificationCode(ctx, projectId, primary, callbackUrl);
  } catch (error) {
    ctx.log.warn(`no verification email after sign-up: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function signInWithPassword(
  ctx: Context,
  projectId: string,
  input: { email: string; password: string },
  origin: RequestOrigin,
): Promise<SignInResult> {
  requirePasswordAuth(ctx, projectId);
  consumeRateLimit(ctx, 'passwordSignInPerIp', projectId, origin.ip);
  checkRateLimit(ctx, 'passwordSignInFailuresPerEmail', projectId, input.email);
  const user = findUserByAuthEmail(ctx, projectId, input.email);
  let passwordMatches = false;
  if (user?.passwordHash) passwordMatches = await verifyPassword(input.password, user.passwordHash);
  // An unknown email costs one verification too, so timing does not tell which emails exist.
  else await verifyAgainstDummyHash(input.password);
  if (!user?.passwordHash || !passwordMatches) {
    consumeRateLimit(ctx, 'passwordSignInFailuresPerEmail', projectId, input.email);
    throw knownError('EMAIL_PASSWORD_MISMATCH');
  }
  if (needsRehash(user.passwordHash)) {
    // An imported bcrypt hash is replaced now that the plain password is known to be right.
    ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id))
      .run();
  }
  return completeSignIn(ctx, projectId, user);
}

/** Changes a known password; the caller's own session (its refresh token) survives. */
export async function updatePassword(
  ctx: Context,
  projectId: string,
  userId: string,
  input: { old_password: string; new_password: string },
  keepRefreshToken: string | undefined,
): Promise<void> {
  requirePasswordAuth(ctx, projectId);
  checkPasswordLength(input.new_password, { requireMinimum: true });
  const user = requireUserRow(ctx.db, projectId, userId);
  if (!user.passwordHash) throw knownError('USER_DOES_NOT_HAVE_PASSWORD');
  consumeRateLimit(ctx, 'passwordCheckPerUser', projectId, userId);
  if (!(await verifyPassword(input.old_password, user.passwordHash))) throw knownError('PASSWORD_CONFIRMATION_MISMATCH');
  const newHash = await hashPassword(input.new_password);
  writeTransaction(ctx, (tx) => {
    tx.update(users).set({ passwordHash: newHash }).where(eq(users.id, userId)).run();
    endOtherSessions(tx, userId, keepRefreshToken);
  });
}

/** Gives a password to a user who has none (e.g. signed up by magic link). */
export async function setPassword(ctx: Context, projectId: string, userId: string, password: string): Promise<void> {
  requirePasswordAuth(ctx, projectId);
  checkPasswordLength(password, { requireMinimum: true });
  const newHash = await hashPassword(password);
  writeTransaction(ctx, (tx) => {
    const user = requireUserRow(tx, projectId, userId);
    if (user.passwordHash) throw new StatusError(400, 'User already has a password set.');
    tx.update(users).set({ passwordHash: newHash }).where(eq(users.id, userId)).run();
  });
}
