// Users of a project: create, read, update, delete and list, with the primary email kept as a
// contact channel (wire §4.10). Password and email rules live here, so the server API, the
// client's PATCH /users/me and the CLI all enforce them alike.
import { and, asc, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { contactChannels, refreshTokens, teamMembers, teams, users } from '../../db/schema';
import { knownError } from '../protocol/known-errors';
import { StatusError } from '../protocol/status-error';
import type { UserCreate, UserListQuery, UserServerView, UserUpdate } from '../protocol/user-schemas';
import type { TeamServerView } from '../protocol/team-schemas';
import type { Context } from './context';
import {
  connectOAuthAccount,
  findUserOAuthAccounts,
  oauthProviderEntriesByUser,
  oauthProviderEntry,
  type OAuthProviderEntry,
} from './oauth-accounts';
import { checkPasswordLength, hashPassword, isSupportedPasswordHash } from './password-hashing';
import { prepared } from './prepared-queries';
import { requireProjectRow } from './projects';
import { findTeamServerView, insertTeam, requireMembership, teamServerView } from './teams';
import { sealTotpSecret } from './totp-codes';
import { writeTransaction, type DbWriter } from './transactions';
import { enqueueWebhookEvent } from './webhooks/webhook-events';
import { WriteInvalidatedCache } from './write-invalidated-cache';

type UserRow = typeof users.$inferSelect;
type ChannelRow = typeof contactChannels.$inferSelect;

const selectUserIdById = (db: Db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare();

// Asked on every request that carries an access token (a deleted user's token means no user).
const userExistence = new WriteInvalidatedCache<boolean>(10_000);

export function userExists(ctx: Context, userId: string): boolean {
  return userExistence.get(ctx, userId, () => prepared(ctx, selectUserIdById).get({ id: userId }) !== undefined);
}

export function findUserRow(db: DbWriter, projectId: string, userId: string): UserRow | undefined {
  return db
    .select()
    .from(users)
    .where(and(eq(users.projectId, projectId), eq(users.id, userId)))
    .get();
}

export function requireUserRow(db: DbWriter, projectId: string, userId: string): UserRow {
  const row = findUserRow(db, projectId, userId);
  if (!row) throw knownError('USER_NOT_FOUND');
  return row;
}

const selectUserOfProject = (db: Db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.projectId, sql.placeholder('projectId')), eq(users.id, sql.placeholder('userId'))))
    .prepare();
const selectChannelsOfUser = (db: Db) =>
  db
    .select()
    .from(contactChannels)
    .where(eq(contactChannels.userId, sql.placeholder('userId')))
    .prepare();

// GET /users/me is the most frequent call of all; views are remembered until the next write.
// Frozen, because every caller shares the one object.
const serverViews = new WriteInvalidatedCache<Readonly<UserServerView> | null>(10_000);

/**
 * The server view of a user of the project. Inside a write transaction it is read afresh on the
 * same connection, so it sees the transaction's own writes (webhook payloads rely on this).
 */
export function readUserServerView(ctx: Context, projectId: string, userId: string): Readonly<UserServerView> {
  const view = serverViews.get(ctx, `${projectId}:${userId}`, () => {
    const row = prepared(ctx, selectUserOfProject).get({ projectId, userId });
    return row
      ? Object.freeze(
          serverView(
            row,
            prepared(ctx, selectChannelsOfUser).all({ userId }),
            selectedTeamOf(ctx.db, row),
            oauthProvidersOf(ctx.db, userId),
          ),
        )
      : null;
  });
  if (!view) throw knownError('USER_NOT_FOUND');
  return view;
}

/** The selected team's server view; the membership is ended together with the selection. */
function selectedTeamOf(db: DbWriter, row: UserRow): TeamServerView | null {
  return row.selectedTeamId === null ? null : findTeamServerView(db, row.projectId, row.selectedTeamId);
}

/** The user's connected provider accounts, oldest first (wire §4.1 `oauth_providers`). */
function oauthProvidersOf(db: DbWriter, userId: string): OAuthProviderEntry[] {
  return findUserOAuthAccounts(db, userId).map(oauthProviderEntry);
}

function serverView(
  row: UserRow,
  channels: ChannelRow[],
  selectedTeam: TeamServerView | null,
  oauthProviders: OAuthProviderEntry[],
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
    passkey_auth_enabled: false,
    client_metadata: row.clientMetadata ?? null,
    client_read_only_metadata: row.clientReadOnlyMetadata ?? null,
    server_metadata: row.serverMetadata ?? null,
    last_active_at_millis: row.lastActiveAt,
    oauth_providers: oauthProviders,
    auth_with_email: hasPassword || row.otpAuthEnabled,
    requires_totp_mfa: row.requiresTotpMfa,
  };
}

/** The email channel that signs in with `email` in the project, matched exactly as Stack does (wire §5.1). */
export function findAuthEmailChannel(db: DbWriter, projectId: string, email: string) {
  return db
    .select()
    .from(contactChannels)
    .where(
      and(
        eq(contactChannels.projectId, projectId),
        eq(contactChannels.type, 'email'),
        eq(contactChannels.value, email),
        eq(contactChannels.usedForAuth, true),
      ),
    )
    .get();
}

// Every sign-in asks this; built per call, its two queries took 0.4 ms of the server's only
// JavaScript thread per sign-in.
const selectUserByAuthEmail = (db: Db) =>
  db
    .select(getTableColumns(users))
    .from(contactChannels)
    .innerJoin(users, and(eq(users.id, contactChannels.userId), eq(users.projectId, contactChannels.projectId)))
    .where(
      and(
        eq(contactChannels.projectId, sql.placeholder('projectId')),
        eq(contactChannels.type, 'email'),
        eq(contactChannels.value, sql.placeholder('email')),
        eq(contactChannels.usedForAuth, true),
      ),
    )
    .prepare();

/**
 * The user that may sign in with this email: the owner of the channel findAuthEmailChannel
 * finds. Prepared on ctx's one connection, so inside a writeTransaction it reads within it.
 */
export function findUserByAuthEmail(ctx: Context, projectId: string, email: string): UserRow | undefined {
  return prepared(ctx, selectUserByAuthEmail).get({ projectId, email });
}

/**
 * Creates a user. Password hashing is slow, so it happens before the transaction opens; the
 * transaction then checks and writes everything at once.
 */
export async function createUser(ctx: Context, projectId: string, input: UserCreate): Promise<UserServerView> {
  const passwordHash = await passwordHashFor(input);
  const create = (tx: DbWriter) => {
    const project = requireProjectRow(tx, projectId);
    if (passwordHash && !project.credentialEnabled) throw new StatusError(400, 'Password auth not enabled in the project');
    if (input.otp_auth_enabled && !project.magicLinkEnabled) throw new StatusError(400, 'OTP auth not enabled in the project');
    if (input.passkey_auth_enabled) {
      throw new StatusError(400, 'Cannot manually enable passkey auth, it is enabled iff there is a passkey auth method');
    }
    checkPrimaryEmailFlags(input.primary_email ?? null, input);

    const now = ctx.clock.now();
    const id = crypto.randomUUID();
    tx.insert(users)
      .values({
        id,
        projectId,
        displayName: input.display_name || null,
        displayNameFolded: foldForSearch(input.display_name || null),
        profileImageUrl: input.profile_image_url ?? null,
        clientMetadata: input.client_metadata ?? null,
        clientReadOnlyMetadata: input.client_read_only_metadata ?? null,
        serverMetadata: input.server_metadata ?? null,
        signedUpAt: now,
        lastActiveAt: now,
        passwordHash,
        otpAuthEnabled: input.otp_auth_enabled ?? false,
        // Stack stores a secret given at creation without turning the second factor on (wire §5.3).
        totpSecretBase64: input.totp_secret_base64 == null ? null : sealTotpSecret(ctx, input.totp_secret_base64),
      })
      .run();
    if (input.primary_email) {
      insertPrimaryEmail(tx, projectId, id, input.primary_email, {
        verified: input.primary_email_verified ?? false,
        usedForAuth: input.primary_email_auth_enabled ?? false,
        now,
      });
    }
    for (const provider of input.oauth_providers ?? []) {
      // Sign-up through a provider and server imports alike (wire §5.4 `oauth_providers`).
      connectOAuthAccount(ctx, tx, projectId, id, {
        providerId: provider.id,
        providerAccountId: provider.account_id,
        email: provider.email ?? null,
      });
    }
    enqueueWebhookEvent(ctx, tx, projectId, 'user.created', () => readUserServerView(ctx, projectId, id));
    if (project.createTeamOnSignUp) {
      // Every way of signing up passes here, so each gets its personal team (wire §5.4).
      const name = input.display_name || input.primary_email;
      insertTeam(ctx, tx, projectId, { display_name: name ? `${name}'s Team` : 'Personal Team' }, id);
    }
    return id;
  };
  return readUserServerView(ctx, projectId, writeTransaction(ctx, create));
}

export async function updateUser(ctx: Context, projectId: string, userId: string, input: UserUpdate): Promise<UserServerView> {
  const passwordHash = await passwordHashFor(input);
  writeTransaction(ctx, (tx) => {
    const project = requireProjectRow(tx, projectId);
    const row = requireUserRow(tx, projectId, userId);
    const changes: Partial<UserRow> = {};
    if (input.display_name !== undefined) {
      changes.displayName = input.display_name || null;
      changes.displayNameFolded = foldForSearch(changes.displayName);
    }
    if (input.profile_image_url !== undefined) changes.profileImageUrl = input.profile_image_url;
    if (input.client_metadata !== undefined) changes.clientMetadata = input.client_metadata;
    if (input.client_read_only_metadata !== undefined) changes.clientReadOnlyMetadata = input.client_read_only_metadata;
    if (input.server_metadata !== undefined) changes.serverMetadata = input.server_metadata;
    // Stack ignores enabling OTP on update while the project has it off (wire §5.4).
    if (input.otp_auth_enabled !== undefined && (project.magicLinkEnabled || !input.otp_auth_enabled)) {
      changes.otpAuthEnabled = input.otp_auth_enabled;
    }
    if (input.passkey_auth_enabled === true) {
      throw new StatusError(400, 'Cannot manually enable passkey auth, it is enabled iff there is a passkey auth method');
    }
    if (input.totp_secret_base64 !== undefined) {
      // A secret turns the second factor on, null turns it off (wire §5.3); a new secret starts
      // a new replay history.
      const enabling = input.totp_secret_base64 !== null;
      changes.totpSecretBase64 = enabling ? sealTotpSecret(ctx, input.totp_secret_base64!) : null;
      changes.requiresTotpMfa = enabling;
      changes.totpLastUsedStep = null;
    }
    if (input.selected_team_id !== undefined) {
      if (input.selected_team_id !== null) requireMembership(tx, projectId, input.selected_team_id, userId);
      changes.selectedTeamId = input.selected_team_id;
    }
    if (passwordHash !== undefined) {
      if (passwordHash !== null && !project.credentialEnabled)
        throw new StatusError(400, 'Password auth not enabled in the project');
      changes.passwordHash = passwordHash;
      // Any password change ends every session of the user (wire §3.3).
      tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId)).run();
    }
    if (Object.keys(changes).length > 0) tx.update(users).set(changes).where(eq(users.id, row.id)).run();
    applyPrimaryEmailUpdate(ctx, tx, projectId, userId, input);
    enqueueWebhookEvent(ctx, tx, projectId, 'user.updated', () => readUserServerView(ctx, projectId, userId));
  });
  return readUserServerView(ctx, projectId, userId);
}

// Clients upload images as data, never as links to elsewhere (wire §1.5).
const clientProfileImagePattern = /^(data:image\/(png|jpg|jpeg|gif|bmp|webp);base64,)?[A-Za-z0-9+/]+={0,2}$/;

export function isClientProfileImage(value: string): boolean {
  return clientProfileImagePattern.test(value);
}

/** A signed-in user changing themselves: the server's update with the client's extra rules. */
export function updateUserAsClient(ctx: Context, projectId: string, userId: string, input: UserUpdate): Promise<UserServerView> {
  if (typeof input.profile_image_url === 'string' && !isClientProfileImage(input.profile_image_url)) {
    throw new StatusError(400, 'Invalid profile image URL');
  }
  return updateUser(ctx, projectId, userId, input);
}

/** A signed-in user deleting their own account, which the project must allow. */
export function deleteUserAsClient(ctx: Context, projectId: string, userId: string): void {
  if (!requireProjectRow(ctx.db, projectId).clientUserDeletionEnabled) {
    throw new StatusError(400, 'Client user deletion is not enabled for this project');
  }
  deleteUser(ctx, projectId, userId);
}

export function deleteUser(ctx: Context, projectId: string, userId: string): void {
  writeTransaction(ctx, (tx) => {
    requireUserRow(tx, projectId, userId);
    // Stack's user.deleted payload: the id and the teams the user was in (no membership events).
    enqueueWebhookEvent(ctx, tx, projectId, 'user.deleted', () => ({
      id: userId,
      teams: tx.select({ id: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId)).all(),
    }));
    // Contact channels and refresh tokens cascade, which also ends every session.
    tx.delete(users).where(eq(users.id, userId)).run();
  });
}

export interface UserPage {
  items: UserServerView[];
  nextCursor: string | null;
}

/** Lists users by sign-up time; `cursor` is the id of the first user of the page (wire §5.4). */
export function listUsers(ctx: Context, projectId: string, query: UserListQuery): UserPage {
  const descending = query.desc === true;
  const conditions: SQL[] = [eq(users.projectId, projectId)];
  if (query.team_id !== undefined) {
    const members = ctx.db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.teamId, query.team_id)));
    conditions.push(inArray(users.id, members));
  }
  if (query.query) {
    const pattern = `%${foldForSearch(query.query)!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matchingChannels = ctx.db
      .select({ userId: contactChannels.userId })
      .from(contactChannels)
      .where(and(eq(contactChannels.projectId, projectId), sql`${contactChannels.valueFolded} LIKE ${pattern} ESCAPE '\\'`));
    conditions.push(
      or(
        eq(users.id, query.query),
        sql`${users.displayNameFolded} LIKE ${pattern} ESCAPE '\\'`,
        inArray(users.id, matchingChannels),
      )!,
    );
  }
  if (query.cursor) {
    const cursorRow = findUserRow(ctx.db, projectId, query.cursor);
    if (!cursorRow) throw knownError('SCHEMA_ERROR', `The cursor ${query.cursor} does not name a user of this project.`);
    const after = descending ? sql`<` : sql`>`;
    const sameOrAfter = descending ? sql`<=` : sql`>=`;
    conditions.push(
      sql`(${users.signedUpAt} ${after} ${cursorRow.signedUpAt} OR (${users.signedUpAt} = ${cursorRow.signedUpAt} AND ${users.id} ${sameOrAfter} ${cursorRow.id}))`,
    );
  }
  const order = descending ? [desc(users.signedUpAt), desc(users.id)] : [asc(users.signedUpAt), asc(users.id)];
  let statement = ctx.db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(...order)
    .$dynamic();
  if (query.limit !== undefined) statement = statement.limit(query.limit + 1);
  const rows = statement.all();
  const nextRow = query.limit !== undefined && rows.length > query.limit ? rows.pop() : undefined;

  return { items: userServerViews(ctx.db, rows), nextCursor: nextRow?.id ?? null };
}

/** Server views of many users at once: one query each for channels, selected teams and providers, not one per user. */
export function userServerViews(db: DbWriter, rows: UserRow[]): UserServerView[] {
  if (rows.length === 0) return [];
  const userIds = rows.map((r) => r.id);
  const channels = Map.groupBy(
    db.select().from(contactChannels).where(inArray(contactChannels.userId, userIds)).all(),
    (c) => c.userId,
  );
  const selectedTeamIds = [...new Set(rows.flatMap((row) => (row.selectedTeamId === null ? [] : [row.selectedTeamId])))];
  const selectedTeams = new Map(
    selectedTeamIds.length === 0
      ? []
      : db
          .select()
          .from(teams)
          .where(inArray(teams.id, selectedTeamIds))
          .all()
          .map((team) => [team.id, teamServerView(team)] as const),
  );
  const oauthProviders = oauthProviderEntriesByUser(db, userIds);
  return rows.map((row) =>
    serverView(
      row,
      channels.get(row.id) ?? [],
      row.selectedTeamId === null ? null : (selectedTeams.get(row.selectedTeamId) ?? null),
      oauthProviders.get(row.id) ?? [],
    ),
  );
}

/** Case folding for search, done here because SQLite's lower() and LIKE fold only ASCII. */
export function foldForSearch(text: string | null): string | null {
  return text === null ? null : text.normalize('NFKC').toLowerCase();
}

function channelsOf(db: DbWriter, userId: string): ChannelRow[] {
  return db.select().from(contactChannels).where(eq(contactChannels.userId, userId)).all();
}

async function passwordHashFor(input: { password?: string | null; password_hash?: string }): Promise<string | null | undefined> {
  if (input.password !== undefined && input.password_hash !== undefined) {
    throw new StatusError(400, 'Cannot set both password and password_hash at the same time.');
  }
  if (input.password_hash !== undefined) {
    if (!isSupportedPasswordHash(input.password_hash)) {
      throw new StatusError(400, "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.");
    }
    return input.password_hash;
  }
  if (input.password === undefined) return undefined;
  if (input.password === null) return null;
  checkPasswordLength(input.password, { requireMinimum: false });
  return hashPassword(input.password);
}

function checkPrimaryEmailFlags(
  email: string | null,
  input: { primary_email_verified?: boolean; primary_email_auth_enabled?: boolean },
): void {
  if (email !== null) return;
  if (input.primary_email_auth_enabled)
    throw new StatusError(400, 'primary_email_auth_enabled cannot be true without primary_email');
  if (input.primary_email_verified) throw new StatusError(400, 'primary_email_verified cannot be true without primary_email');
}

function insertPrimaryEmail(
  tx: DbWriter,
  projectId: string,
  userId: string,
  email: string,
  options: { verified: boolean; usedForAuth: boolean; now: number },
): void {
  if (options.usedForAuth && isAuthEmailOfAnotherUser(tx, projectId, userId, email)) {
    throw knownError('USER_EMAIL_ALREADY_EXISTS');
  }
  tx.update(contactChannels).set({ isPrimary: false }).where(eq(contactChannels.userId, userId)).run();
  tx.insert(contactChannels)
    .values({
      id: crypto.randomUUID(),
      projectId,
      userId,
      type: 'email',
      value: email,
      valueFolded: foldForSearch(email)!,
      isVerified: options.verified,
      isPrimary: true,
      usedForAuth: options.usedForAuth,
      createdAt: options.now,
    })
    .onConflictDoUpdate({
      target: [contactChannels.userId, contactChannels.type, contactChannels.value],
      set: { isPrimary: true, isVerified: options.verified, usedForAuth: options.usedForAuth },
    })
    .run();
}

/** Whether another user of the project already signs in with `email`. */
export function isAuthEmailOfAnotherUser(db: DbWriter, projectId: string, userId: string, email: string): boolean {
  const channel = findAuthEmailChannel(db, projectId, email);
  return channel !== undefined && channel.userId !== userId;
}

function applyPrimaryEmailUpdate(ctx: Context, tx: DbWriter, projectId: string, userId: string, input: UserUpdate): void {
  const current = channelsOf(tx, userId).find((c) => c.type === 'email' && c.isPrimary);
  const email = input.primary_email === undefined ? (current?.value ?? null) : input.primary_email;
  checkPrimaryEmailFlags(email, input);
  if (input.primary_email === null) {
    if (current) tx.delete(contactChannels).where(eq(contactChannels.id, current.id)).run();
    return;
  }
  if (email === null) return;
  const changedAddress = email !== current?.value;
  const verified = input.primary_email_verified ?? (changedAddress ? false : (current?.isVerified ?? false));
  const usedForAuth = input.primary_email_auth_enabled ?? current?.usedForAuth ?? false;
  if (!changedAddress && verified === current?.isVerified && usedForAuth === current?.usedForAuth) return;
  if (changedAddress && current) tx.delete(contactChannels).where(eq(contactChannels.id, current.id)).run();
  insertPrimaryEmail(tx, projectId, userId, email, { verified, usedForAuth, now: ctx.clock.now() });
}
