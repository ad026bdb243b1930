// Provider accounts connected to users, and the provider tokens kept for them (the user's
// `oauth_providers`, connected accounts). Tokens are sealed with the instance key: authd must give them back
// to the app, so a digest would not do, but a copied database file must not leak them.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { oauthAccounts, oauthTokens } from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import { oauthProviderIds } from '../../protocol/oauth-provider-ids';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { writeTransaction } from '../storage/transactions';
import { openSecret, sealSecret } from '../storage/secret-box';
import type { DbWriter } from '../storage/transactions';
import type { ProviderTokenSet } from '../../providers/provider-definition';
import { firstRow } from '../storage/query-results';

export type OAuthAccountRow = typeof oauthAccounts.$inferSelect;

/** The entry of a user view's `oauth_providers`. */
export interface OAuthProviderEntry {
  id: string;
  account_id: string;
  email: string | null;
}

export async function findOAuthAccount(
  db: DbWriter,
  projectId: string,
  providerId: string,
  providerAccountId: string,
): Promise<OAuthAccountRow | undefined> {
  return firstRow(
    await db
      .select()
      .from(oauthAccounts)
      .where(
        and(
          eq(oauthAccounts.projectId, projectId),
          eq(oauthAccounts.providerId, providerId),
          eq(oauthAccounts.providerAccountId, providerAccountId),
        ),
      )
      .limit(1),
  );
}

export async function findUserOAuthAccounts(db: DbWriter, userId: string, providerId?: string): Promise<OAuthAccountRow[]> {
  const condition = providerId
    ? and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.providerId, providerId))
    : eq(oauthAccounts.userId, userId);
  return await db.select().from(oauthAccounts).where(condition).orderBy(oauthAccounts.createdAt);
}

/** `oauth_providers` of several users at once, for list pages. */
export async function oauthProviderEntriesByUser(db: DbWriter, userIds: string[]): Promise<Map<string, OAuthProviderEntry[]>> {
  const byUser = new Map<string, OAuthProviderEntry[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select()
    .from(oauthAccounts)
    .where(inArray(oauthAccounts.userId, userIds))
    .orderBy(oauthAccounts.createdAt);
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push(oauthProviderEntry(row));
    byUser.set(row.userId, list);
  }
  return byUser;
}

export function oauthProviderEntry(row: OAuthAccountRow): OAuthProviderEntry {
  return { id: row.providerId, account_id: row.providerAccountId, email: row.email };
}

/**
 * Connects a provider account to a user. A provider account already connected to someone else
 * is refused; connecting it again to the same user changes nothing.
 */
export async function connectOAuthAccount(
  ctx: Context,
  tx: DbWriter,
  projectId: string,
  userId: string,
  account: { providerId: string; providerAccountId: string; email: string | null },
): Promise<OAuthAccountRow> {
  if (!(oauthProviderIds as readonly string[]).includes(account.providerId)) {
    throw plainTextError('UNKNOWN_OAUTH_PROVIDER', account.providerId);
  }
  if (!account.providerAccountId) throw plainTextError('OAUTH_ACCOUNT_ID_MISSING');
  const existing = await findOAuthAccount(tx, projectId, account.providerId, account.providerAccountId);
  if (existing) {
    if (existing.userId !== userId) throw knownError('OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER');
    if (account.email !== null && existing.email !== account.email) {
      await tx.update(oauthAccounts).set({ email: account.email }).where(eq(oauthAccounts.id, existing.id));
    }
    return { ...existing, email: account.email ?? existing.email };
  }
  const row: OAuthAccountRow = {
    id: crypto.randomUUID(),
    projectId,
    userId,
    providerId: account.providerId,
    providerAccountId: account.providerAccountId,
    email: account.email,
    createdAt: ctx.clock.now(),
  };
  await tx.insert(oauthAccounts).values(row);
  return row;
}

/**
 * Keeps the tokens of a fresh provider grant. A token of the same kind for exactly the same
 * scopes is dropped: the new one supersedes it.
 */
export async function storeProviderTokens(
  ctx: Context,
  tx: DbWriter,
  accountId: string,
  tokens: ProviderTokenSet,
): Promise<void> {
  const now = ctx.clock.now();
  const scopes = normalizeScopes(tokens.scopes);
  const keep = async (kind: 'access' | 'refresh', token: string, expiresAt: number | null) => {
    await tx
      .delete(oauthTokens)
      .where(and(eq(oauthTokens.oauthAccountId, accountId), eq(oauthTokens.kind, kind), eq(oauthTokens.scopes, scopes)));
    await tx.insert(oauthTokens).values({
      id: crypto.randomUUID(),
      oauthAccountId: accountId,
      kind,
      sealedToken: sealSecret(ctx, token),
      scopes,
      expiresAt,
      createdAt: now,
    });
  };
  await keep('access', tokens.accessToken, tokens.expiresIn === undefined ? null : now + tokens.expiresIn * 1000);
  if (tokens.refreshToken) await keep('refresh', tokens.refreshToken, null);
}

export interface StoredProviderToken {
  id: string;
  token: string;
  scopes: string[];
  expiresAt: number | null;
}

/** The account's tokens of `kind`, newest first, opened. */
export async function listProviderTokens(
  ctx: Context,
  accountId: string,
  kind: 'access' | 'refresh',
): Promise<StoredProviderToken[]> {
  return (
    await ctx.db
      .select()
      .from(oauthTokens)
      .where(and(eq(oauthTokens.oauthAccountId, accountId), eq(oauthTokens.kind, kind)))
      .orderBy(desc(oauthTokens.createdAt))
  ).map((row) => ({
    id: row.id,
    token: openSecret(ctx, row.sealedToken),
    scopes: row.scopes.split(' ').filter(Boolean),
    expiresAt: row.expiresAt,
  }));
}

/** A refresh token the provider no longer honours is forgotten, so it is not tried again. */
export async function forgetProviderToken(ctx: Context, tokenId: string): Promise<void> {
  await writeTransaction(ctx, async (tx) => await tx.delete(oauthTokens).where(eq(oauthTokens.id, tokenId)));
}

export function normalizeScopes(scopes: string[]): string {
  return [...new Set(scopes.filter(Boolean))].sort().join(' ');
}
