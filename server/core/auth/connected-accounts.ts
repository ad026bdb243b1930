// Connected accounts: an app asks for a provider access token of one of its users
// to call the provider's API. A stored token that covers the scopes and lives 5 more minutes is
// returned; otherwise a stored refresh token covering them gets a fresh one. Shared (instance)
// credentials never hand out tokens: they belong to the instance, not to the project.
import type { Context } from '../storage/context';
import { findUserOAuthAccounts, forgetProviderToken, listProviderTokens, storeProviderTokens } from '../users/oauth-accounts';
import { writeTransaction } from '../storage/transactions';
import { requireUserRow } from '../storage/user-queries';
import { knownError } from '../../protocol/known-errors';
import { ProviderGrantError, refreshProviderToken } from '../../providers/provider-client';
import type { AuthdOrigins } from './authd-origins';
import { resolveProjectProvider } from './provider-registry';

/** A token about to expire is no use to the app, which needs time to call the provider. */
const minimumRemainingLifetimeMillis = 5 * 60 * 1000;

const covers = (granted: string[], wanted: string[]) => wanted.every((scope) => granted.includes(scope));

export async function getConnectedAccountAccessToken(
  ctx: Context,
  projectId: string,
  userId: string,
  providerId: string,
  scope: string,
  authdOrigins: Pick<AuthdOrigins, 'public' | 'local'>,
): Promise<{ access_token: string }> {
  const provider = await resolveProjectProvider(ctx, projectId, providerId, authdOrigins);
  if (provider.type === 'shared') throw knownError('OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS');
  await requireUserRow(ctx.db, projectId, userId);
  const accounts = await findUserOAuthAccounts(ctx.db, userId, provider.id);
  if (accounts.length === 0) throw knownError('OAUTH_CONNECTION_NOT_CONNECTED_TO_USER');
  const wanted = scope.split(/\s+/).filter(Boolean);

  const now = ctx.clock.now();
  for (const account of accounts) {
    const usable = (await listProviderTokens(ctx, account.id, 'access')).find(
      (token) =>
        covers(token.scopes, wanted) && (token.expiresAt === null || token.expiresAt - now >= minimumRemainingLifetimeMillis),
    );
    if (usable) return { access_token: usable.token };
  }
  for (const account of accounts) {
    for (const refresh of await listProviderTokens(ctx, account.id, 'refresh')) {
      if (!covers(refresh.scopes, wanted)) continue;
      let fresh;
      try {
        fresh = await refreshProviderToken(provider, refresh.token, refresh.scopes);
      } catch (error) {
        // Revoked at the provider: forget it, so the app is told to connect again.
        if (error instanceof ProviderGrantError) {
          await forgetProviderToken(ctx, refresh.id);
          continue;
        }
        throw error;
      }
      await writeTransaction(ctx, async (tx) => await storeProviderTokens(ctx, tx, account.id, fresh));
      return { access_token: fresh.accessToken };
    }
  }
  throw knownError('OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE');
}
