// The signed-in user's side of the OpenID Provider: the apps they approved on the consent screen
// ("Connected apps" in account settings) and withdrawing that approval. Withdrawing forgets the
// consent (the next authorization asks again) and revokes every grant the app holds for the user,
// so its refresh tokens are refused and its access tokens stop working at userinfo.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { oidcClients, oidcConsents, oidcGrants } from '../storage/tables';
import type { Context } from '../storage/context';
import { plainTextError } from '../../protocol/plain-text-errors';
import { writeTransaction } from '../storage/transactions';

export interface ConnectedAppView {
  client_id: string;
  client_name: string;
  scopes: string[];
  /** When the user last approved the app (a new approval replaces the old one). */
  consented_at_millis: number;
}

export async function listConnectedApps(ctx: Context, projectId: string, userId: string): Promise<ConnectedAppView[]> {
  const rows = await ctx.db
    .select({ clientId: oidcClients.id, name: oidcClients.name, scopes: oidcConsents.scopes, createdAt: oidcConsents.createdAt })
    .from(oidcConsents)
    .innerJoin(oidcClients, eq(oidcClients.id, oidcConsents.clientId))
    .where(and(eq(oidcConsents.projectId, projectId), eq(oidcConsents.userId, userId)))
    .orderBy(asc(oidcClients.name), asc(oidcClients.id));
  return rows.map((row) => ({
    client_id: row.clientId,
    client_name: row.name,
    scopes: row.scopes.split(' ').filter((s) => s !== ''),
    consented_at_millis: row.createdAt,
  }));
}

/** Withdraws the user's consent to one app; an app the user never approved is not found. */
export async function disconnectApp(ctx: Context, projectId: string, userId: string, clientId: string): Promise<void> {
  const now = ctx.clock.now();
  await writeTransaction(ctx, async (tx) => {
    const removed = await tx
      .delete(oidcConsents)
      .where(and(eq(oidcConsents.projectId, projectId), eq(oidcConsents.userId, userId), eq(oidcConsents.clientId, clientId)))
      .returning({ clientId: oidcConsents.clientId });
    if (removed.length === 0) throw plainTextError('OIDC_CONNECTED_APP_NOT_FOUND');
    await tx
      .update(oidcGrants)
      .set({ revokedAt: now, refreshTokenHash: null })
      .where(and(eq(oidcGrants.projectId, projectId), eq(oidcGrants.userId, userId), eq(oidcGrants.clientId, clientId), isNull(oidcGrants.revokedAt)));
  });
}
