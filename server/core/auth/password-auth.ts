// Email-and-password sign-up, sign-in and password changes, in the order of checks
// Stack uses so each failure gets the same error it would there.
import { recordAuditEvent } from '../audit/audit-log';
import { eq } from 'drizzle-orm';
import { users } from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { sendEmailVerificationCode } from '../users/email-verification';
import { checkPasswordLength, hashPassword, needsRehash, verifyAgainstDummyHash, verifyPassword } from '../credentials/password-hashing';
import { checkPasswordStrength } from '../credentials/password-policy';
import { requireProject } from '../projects/projects';
import { offerAccountUnlock } from './account-unlock';
import { reserveGuessExplainingLock } from './guess-reservation';
import { consumeRateLimit, type RequestOrigin } from '../credentials/rate-limits';
import { completeSignIn, insertNewUserSession, type SignInResult } from './sign-in-completion';
import { signAccessToken } from './access-tokens';
import { writeTransaction } from '../storage/transactions';
import { replaceUserPassword } from '../users/user-password';
import { createAccount } from '../accounts/new-accounts';
import { findPrimaryEmailChannel, findUserByAuthEmail, requireUserRow } from '../storage/user-queries';

/** The project, if it allows email-and-password sign-in; every /auth/password/* call checks it first. */
export async function requirePasswordAuth(ctx: Context, projectId: string) {
  const project = await requireProject(ctx, projectId);
  if (!project.credentialEnabled) throw knownError('PASSWORD_AUTHENTICATION_NOT_ENABLED');
  return project;
}

export async function signUpWithPassword(
  ctx: Context,
  projectId: string,
  input: { email: string; password: string; verification_callback_url?: string },
  origin: RequestOrigin,
): Promise<SignInResult> {
  const project = await requirePasswordAuth(ctx, projectId);
  checkPasswordLength(input.password, { requireMinimum: true });
  if (!project.signUpEnabled) throw knownError('SIGN_UP_NOT_ENABLED');
  await checkPasswordStrength(input.password, { enabled: project.passwordStrengthCheck, email: input.email });
  // The limit comes after the cheap checks, so it never hides the answer the request would get
  // without it (an address in use says so, as it does on every sign-up form anyway).
  if (await findUserByAuthEmail(ctx, projectId, input.email)) throw knownError('USER_EMAIL_ALREADY_EXISTS');
  await consumeRateLimit(ctx, 'signUpPerIp', projectId, origin.ip);
  const passwordHash = await hashPassword(input.password);
  // The user and its first session commit together, in one transaction.
  const { userId, session, signedInAt } = await writeTransaction(ctx, async () => {
    const userId = await createAccount(ctx, projectId, {
      primary_email: input.email,
      primary_email_verified: false,
      primary_email_auth_enabled: true,
      password_hash: passwordHash,
    });
    // Read after the user's sign-up time, which its activity must not precede.
    const signedInAt = ctx.clock.now();
    return { userId, signedInAt, session: await insertNewUserSession(ctx, projectId, userId, signedInAt, 'password') };
  });
  if (input.verification_callback_url) await sendSignUpVerification(ctx, projectId, userId, input.verification_callback_url);
  const accessToken = await signAccessToken(ctx, projectId, userId, signedInAt, session.sessionId);
  return { access_token: accessToken, refresh_token: session.refreshToken, user_id: userId };
}

/** Sign-up succeeds whatever happens to its verification email, e.g. an untrusted URL. */
async function sendSignUpVerification(ctx: Context, projectId: string, userId: string, callbackUrl: string): Promise<void> {
  try {
    const primary = await findPrimaryEmailChannel(ctx.db, userId);
    if (primary) await sendEmailVerificationCode(ctx, projectId, primary, callbackUrl, 'counted-by-sign-up');
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
  await requirePasswordAuth(ctx, projectId);
  await consumeRateLimit(ctx, 'passwordSignInPerIp', projectId, origin.ip);
  // Counted before the slow verification below, so concurrent guesses cannot outrun the count.
  const guess = await reserveGuessExplainingLock(ctx, 'password', projectId, input.email, origin.ip);
  const user = await findUserByAuthEmail(ctx, projectId, input.email);
  let passwordMatches = false;
  if (user?.passwordHash) passwordMatches = await verifyPassword(input.password, user.passwordHash);
  // An unknown email costs one verification too, so timing does not tell which emails exist.
  else await verifyAgainstDummyHash(input.password);
  if (!user?.passwordHash || !passwordMatches) {
    if ((await guess.failed()).backstopTripped) await offerAccountUnlock(ctx, projectId, 'password', input.email);
    await recordAuditEvent(ctx, {
      projectId,
      type: 'sign_in.failed',
      userId: user?.id ?? null,
      details: { method: 'password', reason: user ? 'wrong_password' : 'unknown_email', email: input.email },
    });
    throw knownError('EMAIL_PASSWORD_MISMATCH');
  }
  await guess.succeeded();
  if (needsRehash(user.passwordHash)) {
    // An imported bcrypt hash is replaced now that the plain password is known to be right. The
    // password stays the same, so this is no replaceUserPassword: no session ends, no event.
    const passwordHash = await hashPassword(input.password);
    await writeTransaction(ctx, async (tx) => await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id)));
  }
  return await completeSignIn(ctx, projectId, user, { method: 'password' });
}

/** Changes a known password; the caller's own session (its refresh token) survives. */
export async function updatePassword(
  ctx: Context,
  projectId: string,
  userId: string,
  input: { old_password: string; new_password: string },
  keepRefreshToken: string | undefined,
): Promise<void> {
  const project = await requirePasswordAuth(ctx, projectId);
  checkPasswordLength(input.new_password, { requireMinimum: true });
  const user = await requireUserRow(ctx.db, projectId, userId);
  const email = (await findPrimaryEmailChannel(ctx.db, userId))?.value;
  await checkPasswordStrength(input.new_password, { enabled: project.passwordStrengthCheck, email });
  if (!user.passwordHash) throw knownError('USER_DOES_NOT_HAVE_PASSWORD');
  await consumeRateLimit(ctx, 'passwordCheckPerUser', projectId, userId);
  if (!(await verifyPassword(input.old_password, user.passwordHash))) throw knownError('PASSWORD_CONFIRMATION_MISMATCH');
  const newHash = await hashPassword(input.new_password);
  await writeTransaction(ctx, async (tx) => await replaceUserPassword(ctx, tx, projectId, userId, newHash, { keepRefreshToken }));
}

/**
 * Gives a password to a user who has none (e.g. signed up by magic link). Like any password
 * change it ends the user's other sessions: the caller's own (its refresh token) survives.
 */
export async function setPassword(
  ctx: Context,
  projectId: string,
  userId: string,
  password: string,
  keepRefreshToken: string | undefined,
): Promise<void> {
  const project = await requirePasswordAuth(ctx, projectId);
  checkPasswordLength(password, { requireMinimum: true });
  const email = (await findPrimaryEmailChannel(ctx.db, userId))?.value;
  await checkPasswordStrength(password, { enabled: project.passwordStrengthCheck, email });
  const newHash = await hashPassword(password);
  await writeTransaction(ctx, async (tx) => {
    const user = await requireUserRow(tx, projectId, userId);
    if (user.passwordHash) throw plainTextError('USER_ALREADY_HAS_PASSWORD');
    await replaceUserPassword(ctx, tx, projectId, userId, newHash, { keepRefreshToken });
  });
}
