// Sign-in by emailed one-time code: the email carries a link with the 45-char
// code and its first 6 characters as a code to type; the app gets the other 39 (the nonce) so
// `otp + nonce` is the code again. Signing in with a new address creates the account.
import { knownError } from '../../protocol/known-errors';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { queueTemplatedEmail } from '../email/email-templates';
import { requireProject } from '../projects/projects';
import { sendCodeByEmail } from '../email/code-emails';
import { consumeRateLimit, type RequestOrigin } from '../credentials/rate-limits';
import { completeSignIn, type SignInResult } from './sign-in-completion';
import { linkWithCode } from '../projects/trusted-urls';
import { createAccount } from '../accounts/new-accounts';
import { findAuthEmailChannel, findUserRow, requireUserRow } from '../storage/user-queries';
import { checkVerificationCode, consumeVerificationCode, createVerificationCode } from '../credentials/verification-codes';

const typedCodeLength = 6;

export interface MagicLinkSignInResult extends SignInResult {
  is_new_user: boolean;
}

async function requireMagicLink(ctx: Context, projectId: string) {
  const project = await requireProject(ctx, projectId);
  if (!project.magicLinkEnabled) throw plainTextError('MAGIC_LINK_NOT_ENABLED');
  return project;
}

/**
 * An address used for sign-in but never verified may have been registered by someone other
 * than its owner; letting the inbox's owner into that account would hand them whatever the
 * registrant set up, so Stack refuses with USER_EMAIL_ALREADY_EXISTS, and so does authd.
 */
function refuseUnverifiedAccount(channel: { isVerified: boolean } | undefined): void {
  if (channel && !channel.isVerified) throw knownError('USER_EMAIL_ALREADY_EXISTS');
}

/**
 * Emails the link and the typed code (only the link with `linkOnly`, for clients too old to take
 * a code); returns the nonce the app keeps for the typed code.
 */
export async function sendMagicLinkCode(
  ctx: Context,
  projectId: string,
  input: { email: string; callback_url: string },
  origin: RequestOrigin,
  options: { linkOnly?: boolean } = {},
): Promise<{ nonce: string }> {
  const project = await requireMagicLink(ctx, projectId);
  const request = { recipient: input.email, callbackUrl: input.callback_url, origin };
  return await sendCodeByEmail(ctx, projectId, request, async (tx) => {
    const channel = await findAuthEmailChannel(ctx, projectId, input.email);
    refuseUnverifiedAccount(channel);
    if (!channel && !project.signUpEnabled) throw knownError('SIGN_UP_NOT_ENABLED');
    const user = channel ? await findUserRow(tx, projectId, channel.userId) : undefined;
    // The account is looked up again at sign-in: it may be created or change in between.
    const code = await createVerificationCode(ctx, tx, projectId, 'magic_link', { email: input.email });
    await queueTemplatedEmail(ctx, tx, projectId, options.linkOnly ? 'link_only_magic_link' : 'magic_link', input.email, {
      userDisplayName: user?.displayName ?? input.email,
      magicLink: linkWithCode(input.callback_url, code),
      otp: code.slice(0, typedCodeLength).toUpperCase(),
    });
    return { nonce: code.slice(typedCodeLength) };
  });
}

/**
 * Codes are Crockford base32, which reads O as 0 and I or L as 1; a person typing the 6
 * characters from the email may write either. Generated codes never contain i, l or o, so
 * mapping them cannot turn a valid code into another one.
 */
function normalizeTypedCode(code: string): string {
  const typed = code.slice(0, typedCodeLength).toLowerCase().replace(/[il]/g, '1').replace(/o/g, '0');
  return typed + code.slice(typedCodeLength).toLowerCase();
}

export async function checkMagicLinkCode(ctx: Context, projectId: string, code: string): Promise<void> {
  await requireMagicLink(ctx, projectId);
  await checkVerificationCode(ctx, projectId, 'magic_link', normalizeTypedCode(code));
}

/**
 * Signs in the account of the code's address, or creates it (address verified, used for sign-in,
 * OTP on) when there is none. A refusal inside the code's transaction (unverified account,
 * sign-up since disabled, sign-up rate limit) leaves the code unused; a new account that loses a
 * race for its address afterwards answers USER_EMAIL_ALREADY_EXISTS with the code used.
 */
export async function signInWithMagicLink(
  ctx: Context,
  projectId: string,
  code: string,
  origin: RequestOrigin,
): Promise<MagicLinkSignInResult> {
  const project = await requireMagicLink(ctx, projectId);
  const target = await consumeVerificationCode(ctx, projectId, 'magic_link', normalizeTypedCode(code), async (tx, data) => {
    const email = String(data.email);
    const channel = await findAuthEmailChannel(ctx, projectId, email);
    refuseUnverifiedAccount(channel);
    if (channel) return { existingUser: await requireUserRow(tx, projectId, channel.userId), email };
    if (!project.signUpEnabled) throw knownError('SIGN_UP_NOT_ENABLED');
    await consumeRateLimit(ctx, 'signUpPerIp', projectId, origin.ip);
    return { existingUser: null, email };
  });
  if (target.existingUser)
    return signInResponse(await completeSignIn(ctx, projectId, target.existingUser, { method: 'magic_link' }), false);
  const userId = await createAccount(ctx, projectId, {
    primary_email: target.email,
    primary_email_verified: true,
    primary_email_auth_enabled: true,
    otp_auth_enabled: true,
  });
  const newUser = { id: userId, requiresTotpMfa: false, bannedAt: null, bannedUntil: null };
  return signInResponse(await completeSignIn(ctx, projectId, newUser, { method: 'magic_link', isNewUser: true }), true);
}

/** Keys in Stack's order, so responses match its bytes. */
function signInResponse(result: SignInResult, isNewUser: boolean): MagicLinkSignInResult {
  return {
    access_token: result.access_token,
    refresh_token: result.refresh_token,
    is_new_user: isNewUser,
    user_id: result.user_id,
  };
}
