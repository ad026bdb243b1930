// What a user reads as on the wire: the server view with its primary email, selected team and
// connected provider accounts, one at a time (cached until the next write) or many at once.
import { eq, inArray } from 'drizzle-orm';
import { contactChannels, passkeys, teams } from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import type { TeamServerView } from '../../protocol/team-views';
import type { UserServerView } from '../../protocol/user-schemas';
import { findUserOAuthAccounts, oauthProviderEntriesByUser, oauthProviderEntry, type OAuthProviderEntry } from './oauth-accounts';
import type { Context } from '../storage/context';
import { prepared } from '../storage/prepared-queries';
import { findTeamServerView, teamServerView } from './team-views';
import { sentTogether, type DbWriter } from '../storage/transactions';
import { selectChannelsOfUser, selectUserById, userOfProject, type ChannelRow, type UserRow } from '../storage/user-queries';
import { firstRow } from '../storage/query-results';
import { WriteInvalidatedCache } from '../storage/write-invalidated-cache';

// GET /users/me is the most frequent call of all; views are remembered until the next write.
// Frozen, because every caller shares the one object.
const cachedUserServerViews = new WriteInvalidatedCache<Readonly<UserServerView> | null>(10_000);

/**
 * The server view of a user of the project. Inside a write transaction it is read afresh on the
 * transaction's connection, so it sees the transaction's own writes (webhook payloads rely on this).
 */
export async function readUserServerView(ctx: Context, projectId: string, userId: string): Promise<Readonly<UserServerView>> {
  const view = await cachedUserServerViews.get(ctx, `${projectId}:${userId}`, async () => {
    // Asked together: on PostgreSQL each is a round trip, and only the selected team waits for
    // the user's row. The parts are read apart either way (no snapshot joins them).
    const [found, channels, oauthProviders, passkey] = await sentTogether([
      prepared(ctx, selectUserById).get({ userId }),
      prepared(ctx, selectChannelsOfUser).all({ userId }),
      oauthProvidersOf(ctx.db, userId),
      hasPasskey(ctx.db, userId),
    ]);
    const row = userOfProject(found, projectId);
    return row ? Object.freeze(serverView(row, channels, await selectedTeamOf(ctx.db, row), oauthProviders, passkey)) : null;
  });
  if (!view) throw knownError('USER_NOT_FOUND');
  return view;
}

/** The selected team's server view; the membership is ended together with the selection. */
async function selectedTeamOf(db: DbWriter, row: UserRow): Promise<TeamServerView | null> {
  return row.selectedTeamId === null ? null : await findTeamServerView(db, row.projectId, row.selectedTeamId);
}

/** The user's connected provider accounts, oldest first, as the user's `oauth_providers` lists them. */
async function oauthProvidersOf(db: DbWriter, userId: string): Promise<OAuthProviderEntry[]> {
  return (await findUserOAuthAccounts(db, userId)).map(oauthProviderEntry);
}

/** Passkey sign-in is on exactly while the user has a passkey, as in Stack. */
async function hasPasskey(db: DbWriter, userId: string): Promise<boolean> {
  return firstRow(await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1)) !== undefined;
}

function serverView(
  row: UserRow,
  channels: ChannelRow[],
  selectedTeam: TeamServerView | null,
  oauthProviders: OAuthProviderEntry[],
  passkeyAuthEnabled: boolean,
): UserServerView {
  const primary = channels.find((c) => c.type === 'email' && c.isPrimary);
  const hasPassword = row.passwordHash !== null;
  return {
    id: row.id,
    primary_email: primary?.value ?? null,
    primary_email_verified: primary?.isVerified ?? false,
    primary_email_auth_enabled: primary?.usedForAuth ?? false,
    display_name: row.displayName,
    selected_team: selectedTeam,
    selected_team_id: selectedTeam?.id ?? null,
    profile_image_url: row.profileImageUrl,
    signed_up_at_millis: row.signedUpAt,
    has_password: hasPassword,
    otp_auth_enabled: row.otpAuthEnabled,
    passkey_auth_enabled: passkeyAuthEnabled,
    client_metadata: row.clientMetadata ?? null,
    client_read_only_metadata: row.clientReadOnlyMetadata ?? null,
    server_metadata: row.serverMetadata ?? null,
    last_active_at_millis: row.lastActiveAt,
    oauth_providers: oauthProviders,
    auth_with_email: hasPassword || row.otpAuthEnabled,
    requires_totp_mfa: row.requiresTotpMfa,
    locale: row.locale,
    banned_at_millis: row.bannedAt,
    banned_until_millis: row.bannedUntil,
    ban_reason: row.banReason,
  };
}

/** Server views of many users at once: one query each for channels, selected teams and providers, not one per user. */
export async function userServerViews(db: DbWriter, rows: UserRow[]): Promise<UserServerView[]> {
  if (rows.length === 0) return [];
  const userIds = rows.map((r) => r.id);
  const channels = Map.groupBy(
    await db.select().from(contactChannels).where(inArray(contactChannels.userId, userIds)),
    (c) => c.userId,
  );
  const selectedTeamIds = [...new Set(rows.flatMap((row) => (row.selectedTeamId === null ? [] : [row.selectedTeamId])))];
  const selectedTeams = new Map(
    selectedTeamIds.length === 0
      ? []
      : (await db.select().from(teams).where(inArray(teams.id, selectedTeamIds))).map(
          (team) => [team.id, teamServerView(team)] as const,
        ),
  );
  const oauthProviders = await oauthProviderEntriesByUser(db, userIds);
  const withPasskeys = new Set(
    (await db.selectDistinct({ userId: passkeys.userId }).from(passkeys).where(inArray(passkeys.userId, userIds))).map(
      (p) => p.userId,
    ),
  );
  return rows.map((row) =>
    serverView(
      row,
      channels.get(row.id) ?? [],
      row.selectedTeamId === null ? null : (selectedTeams.get(row.selectedTeamId) ?? null),
      oauthProviders.get(row.id) ?? [],
      withPasskeys.has(row.id),
    ),
  );
}
