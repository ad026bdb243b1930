// What a provider sign-in means for authd's users: for `link`, the provider
// account joins the signed-in user; for `authenticate`, a known provider account signs its user
// in and an unknown one signs up a new user (if the project allows sign-up). The provider's
// tokens are kept for connected accounts either way.
import { knownError } from '../../protocol/known-errors';
import type { Context } from '../storage/context';
import { connectOAuthAccount, findOAuthAccount, findUserOAuthAccounts, storeProviderTokens } from '../users/oauth-accounts';
import { requireProjectRow } from '../projects/projects';
import { writeTransaction } from '../storage/transactions';
import { createAccount } from '../accounts/new-accounts';
import { findUserByAuthEmail, requireUserRow } from '../storage/user-queries';
import type { ProviderProfile, ProviderTokenSet } from '../../providers/provider-definition';

export interface ResolvedAccount {
  userId: string;
  isNewUser: boolean;
}

/** Step 4: a user already holding a different account of this provider cannot link another. */
export async function refuseSecondAccountOfProvider(
  ctx: Context,
  projectId: string,
  userId: string,
  providerId: string,
  profile: ProviderProfile,
): Promise<void> {
  await requireUserRow(ctx.db, projectId, userId);
  const held = await findUserOAuthAccounts(ctx.db, userId, providerId);
  if (held.some((account) => account.providerAccountId !== profile.accountId)) {
    throw knownError('USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION');
  }
}

export async function linkProviderAccount(
  ctx: Context,
  projectId: string,
  userId: string,
  providerId: string,
  profile: ProviderProfile,
  tokens: ProviderTokenSet,
): Promise<ResolvedAccount> {
  await writeTransaction(ctx, async (tx) => {
    await requireUserRow(tx, projectId, userId);
    const account = await connectOAuthAccount(ctx, tx, projectId, userId, {
      providerId,
      providerAccountId: profile.accountId,
      email: profile.email,
    });
    await storeProviderTokens(ctx, tx, account.id, tokens);
  });
  return { userId, isNewUser: false };
}

export async function signInOrSignUpWithProvider(
  ctx: Context,
  projectId: string,
  providerId: string,
  profile: ProviderProfile,
  tokens: ProviderTokenSet,
): Promise<ResolvedAccount> {
  const known = await findOAuthAccount(ctx.db, projectId, providerId, profile.accountId);
  if (known) {
    await writeTransaction(ctx, async (tx) => await storeProviderTokens(ctx, tx, known.id, tokens));
    return { userId: known.userId, isNewUser: false };
  }
  if (!(await requireProjectRow(ctx.db, projectId)).signUpEnabled) throw knownError('SIGN_UP_NOT_ENABLED');
  // No merging into an existing account by email: the new user keeps the address,
  // but may sign in with it only if nobody else already does.
  const emailTaken = profile.email !== null && (await findUserByAuthEmail(ctx, projectId, profile.email)) !== undefined;
  const userId = await createAccount(ctx, projectId, {
    display_name: profile.displayName?.slice(0, 256) ?? undefined,
    profile_image_url: profile.profileImageUrl ?? undefined,
    primary_email: profile.email ?? undefined,
    primary_email_verified: profile.email !== null && profile.emailVerified,
    primary_email_auth_enabled: profile.email !== null && !emailTaken,
    oauth_providers: [{ id: providerId, account_id: profile.accountId, email: profile.email }],
  });
  const account = await findOAuthAccount(ctx.db, projectId, providerId, profile.accountId);
  if (account) await writeTransaction(ctx, async (tx) => await storeProviderTokens(ctx, tx, account.id, tokens));
  return { userId, isNewUser: true };
}
