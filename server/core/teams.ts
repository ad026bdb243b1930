// Teams, memberships and member profiles (wire §4.3–4.5, §5.6–5.8). Every rule about who may
// do what lives here, so the API and the CLI enforce it alike. A `TeamCaller` is who asks: the
// server (any team of the project) or a client acting as its signed-in user, who must be a
// member and, for most changes, hold a team permission.
import { and, asc, eq, sql } from 'drizzle-orm';
import { projectDefaultPermissions, teamMemberPermissions, teamMembers, teams, users } from '../../db/schema';
import { knownError } from '../protocol/known-errors';
import { StatusError } from '../protocol/status-error';
import type {
  MemberProfileClientView,
  MemberProfileUpdate,
  TeamCreate,
  TeamServerView,
  TeamUpdate,
} from '../protocol/team-schemas';
import type { UserServerView } from '../protocol/user-schemas';
import type { Context } from './context';
import { requireProjectRow } from './projects';
import type { RequestAuth } from './request-auth';
import { withdrawTeamInvitations } from './team-invitations';
import { requireTeamPermission } from './team-permissions';
import { writeTransaction, type DbWriter } from './transactions';
import { isClientProfileImage, readUserServerView, requireUserRow, userServerViews } from './users';
import { enqueueWebhookEvent } from './webhooks/webhook-events';

type TeamRow = typeof teams.$inferSelect;
type MemberRow = typeof teamMembers.$inferSelect;

/** Who is asking: the server, or a client on behalf of its signed-in user (null: none). */
export type TeamCaller = { kind: 'server' } | { kind: 'client'; userId: string | null };
export const serverCaller: TeamCaller = { kind: 'server' };

export function teamCallerOf(auth: Extract<RequestAuth, { kind: 'project' }>): TeamCaller {
  return auth.accessType === 'client' ? { kind: 'client', userId: auth.userId } : serverCaller;
}

export function teamServerView(row: TeamRow): TeamServerView {
  return {
    id: row.id,
    display_name: row.displayName,
    profile_image_url: row.profileImageUrl,
    client_metadata: row.clientMetadata ?? null,
    client_read_only_metadata: row.clientReadOnlyMetadata ?? null,
    created_at_millis: row.createdAt,
    server_metadata: row.serverMetadata ?? null,
  };
}

function findTeamRow(db: DbWriter, projectId: string, teamId: string): TeamRow | undefined {
  return db
    .select()
    .from(teams)
    .where(and(eq(teams.projectId, projectId), eq(teams.id, teamId)))
    .get();
}

export function requireTeamRow(db: DbWriter, projectId: string, teamId: string): TeamRow {
  const row = findTeamRow(db, projectId, teamId);
  if (!row) throw knownError('TEAM_NOT_FOUND', teamId);
  return row;
}

export function findMembership(db: DbWriter, projectId: string, teamId: string, userId: string): MemberRow | undefined {
  return db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .get();
}

export function requireMembership(db: DbWriter, projectId: string, teamId: string, userId: string): MemberRow {
  const row = findMembership(db, projectId, teamId, userId);
  if (!row) throw knownError('TEAM_MEMBERSHIP_NOT_FOUND', teamId, userId);
  return row;
}

/** A client's signed-in user, which team calls need. */
function requireClientUser(caller: Extract<TeamCaller, { kind: 'client' }>): string {
  if (caller.userId === null) throw knownError('USER_AUTHENTICATION_REQUIRED');
  return caller.userId;
}

/**
 * What a client needs to touch a team: a user, membership (checked before the team's existence,
 * so outsiders learn nothing about other teams) and each named permission, held directly or
 * contained. The server may touch any team of the project.
 */
export function authorizeTeamCaller(
  db: DbWriter,
  projectId: string,
  caller: TeamCaller,
  teamId: string,
  ...permissionIds: string[]
): void {
  if (caller.kind === 'server') return;
  const userId = requireClientUser(caller);
  requireMembership(db, projectId, teamId, userId);
  for (const permissionId of permissionIds) requireTeamPermission(db, projectId, teamId, userId, permissionId);
}

function checkClientImage(caller: TeamCaller, url: string | null | undefined): void {
  if (caller.kind === 'client' && typeof url === 'string' && !isClientProfileImage(url)) {
    throw new StatusError(400, 'Invalid profile image URL');
  }
}

/** Adds a member with the defaults of `kind`; the membership must not exist yet. */
export function insertMembership(
  ctx: Context,
  db: DbWriter,
  projectId: string,
  teamId: string,
  userId: string,
  kind: 'team_creator' | 'team_member',
): void {
  db.insert(teamMembers).values({ projectId, teamId, userId, createdAt: ctx.clock.now() }).run();
  enqueueWebhookEvent(ctx, db, projectId, 'team_membership.created', () => ({ team_id: teamId, user_id: userId }));
  const defaults = db
    .select({ permissionId: projectDefaultPermissions.permissionId })
    .from(projectDefaultPermissions)
    .where(and(eq(projectDefaultPermissions.projectId, projectId), eq(projectDefaultPermissions.kind, kind)))
    .all();
  for (const { permissionId } of defaults) {
    db.insert(teamMemberPermissions).values({ projectId, teamId, userId, permissionId }).run();
  }
}

/** Inserts a team, with its creator as the first member when given. For use inside a transaction. */
export function insertTeam(ctx: Context, db: DbWriter, projectId: string, input: TeamCreate, creatorUserId?: string): TeamRow {
  const row: TeamRow = {
    id: crypto.randomUUID(),
    projectId,
    displayName: input.display_name,
    profileImageUrl: input.profile_image_url ?? null,
    clientMetadata: input.client_metadata ?? null,
    clientReadOnlyMetadata: input.client_read_only_metadata ?? null,
    serverMetadata: input.server_metadata ?? null,
    createdAt: ctx.clock.now(),
  };
  db.insert(teams).values(row).run();
  enqueueWebhookEvent(ctx, db, projectId, 'team.created', () => teamServerView(row));
  if (creatorUserId !== undefined) insertMembership(ctx, db, projectId, row.id, creatorUserId, 'team_creator');
  return row;
}

/**
 * Creates a team (wire §5.6). A client must be signed in, the project must allow client team
 * creation, and the creator is the caller (the default) and nobody else. `creatorUserId` is
 * already resolved from `me`.
 */
export function createTeam(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  input: TeamCreate,
  creatorUserId: string | undefined,
): TeamServerView {
  return writeTransaction(ctx, (tx) => {
    let creator = creatorUserId;
    const project = requireProjectRow(tx, projectId);
    if (caller.kind === 'client') {
      const userId = requireClientUser(caller);
      if (!project.clientTeamCreationEnabled) {
        throw new StatusError(403, 'Client team creation is disabled for this project');
      }
      checkClientImage(caller, input.profile_image_url);
      creator ??= userId;
      if (creator !== userId)
        throw new StatusError(403, 'Client access can only create teams with the signed-in user as creator.');
    }
    if (creator !== undefined) requireUserRow(tx, projectId, creator);
    return teamServerView(insertTeam(ctx, tx, projectId, input, creator));
  });
}

export function readTeam(ctx: Context, projectId: string, caller: TeamCaller, teamId: string): TeamServerView {
  authorizeTeamCaller(ctx.db, projectId, caller, teamId);
  return teamServerView(requireTeamRow(ctx.db, projectId, teamId));
}

export function updateTeam(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  teamId: string,
  input: TeamUpdate,
): TeamServerView {
  return writeTransaction(ctx, (tx) => {
    checkClientImage(caller, input.profile_image_url);
    authorizeTeamCaller(tx, projectId, caller, teamId, '$update_team');
    const row = requireTeamRow(tx, projectId, teamId);
    const changes: Partial<TeamRow> = {};
    if (input.display_name !== undefined) changes.displayName = input.display_name;
    if (input.profile_image_url !== undefined) changes.profileImageUrl = input.profile_image_url;
    if (input.client_metadata !== undefined) changes.clientMetadata = input.client_metadata;
    if (input.client_read_only_metadata !== undefined) changes.clientReadOnlyMetadata = input.client_read_only_metadata;
    if (input.server_metadata !== undefined) changes.serverMetadata = input.server_metadata;
    if (Object.keys(changes).length > 0) tx.update(teams).set(changes).where(eq(teams.id, row.id)).run();
    const view = teamServerView({ ...row, ...changes });
    enqueueWebhookEvent(ctx, tx, projectId, 'team.updated', () => view);
    return view;
  });
}

/** Deletes a team with its memberships, grants and pending invitations; unselects it everywhere. */
export function deleteTeam(ctx: Context, projectId: string, caller: TeamCaller, teamId: string): void {
  writeTransaction(ctx, (tx) => {
    authorizeTeamCaller(tx, projectId, caller, teamId, '$delete_team');
    requireTeamRow(tx, projectId, teamId);
    tx.update(users)
      .set({ selectedTeamId: null })
      .where(and(eq(users.projectId, projectId), eq(users.selectedTeamId, teamId)))
      .run();
    withdrawTeamInvitations(tx, projectId, teamId);
    // Memberships cascade from the team, and grants from the memberships.
    tx.delete(teams).where(eq(teams.id, teamId)).run();
    // Stack's team.deleted payload is the id alone, with no event per ended membership.
    enqueueWebhookEvent(ctx, tx, projectId, 'team.deleted', () => ({ id: teamId }));
  });
}

/** Teams of the project, oldest first; only the user's when `userId` is given. */
export function listTeams(ctx: Context, projectId: string, userId?: string): TeamServerView[] {
  if (userId === undefined) {
    return (
      ctx.db
        .select()
        .from(teams)
        .where(eq(teams.projectId, projectId))
        // rowid keeps creation order among teams created within the same millisecond.
        .orderBy(asc(teams.createdAt), sql`${teams}.rowid`)
        .all()
        .map(teamServerView)
    );
  }
  return ctx.db
    .select({ team: teams })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.userId, userId)))
    .orderBy(asc(teams.createdAt), sql`${teams}.rowid`)
    .all()
    .map(({ team }) => teamServerView(team));
}

/** A team's server view, or null when it no longer exists. */
export function findTeamServerView(db: DbWriter, projectId: string, teamId: string): TeamServerView | null {
  const row = findTeamRow(db, projectId, teamId);
  return row ? teamServerView(row) : null;
}

// ---------------------------------------------------------------------------------------------
// Memberships (wire §5.7)

/** The server adds a member, who receives the member default permissions. */
export function addTeamMember(ctx: Context, projectId: string, teamId: string, userId: string): void {
  writeTransaction(ctx, (tx) => {
    requireUserRow(tx, projectId, userId);
    requireTeamRow(tx, projectId, teamId);
    if (findMembership(tx, projectId, teamId, userId)) throw knownError('TEAM_MEMBERSHIP_ALREADY_EXISTS');
    insertMembership(ctx, tx, projectId, teamId, userId, 'team_member');
  });
}

/**
 * Ends a membership. Any member may leave; a client removing someone else needs
 * `$remove_members`. `userId` is already resolved from `me`.
 */
export function removeTeamMember(ctx: Context, projectId: string, caller: TeamCaller, teamId: string, userId: string): void {
  writeTransaction(ctx, (tx) => {
    if (caller.kind === 'client') {
      if (caller.userId === null) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
      if (userId !== caller.userId) authorizeTeamCaller(tx, projectId, caller, teamId, '$remove_members');
    }
    requireUserRow(tx, projectId, userId);
    requireMembership(tx, projectId, teamId, userId);
    tx.delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .run();
    enqueueWebhookEvent(ctx, tx, projectId, 'team_membership.deleted', () => ({ team_id: teamId, user_id: userId }));
    tx.update(users)
      .set({ selectedTeamId: null })
      .where(and(eq(users.id, userId), eq(users.selectedTeamId, teamId)))
      .run();
  });
}

// ---------------------------------------------------------------------------------------------
// Member profiles (wire §4.4, §5.8)

export type MemberProfileServerView = MemberProfileClientView & { user: UserServerView };

function memberProfileView(member: MemberRow, user: UserServerView): MemberProfileServerView {
  return {
    team_id: member.teamId,
    user_id: member.userId,
    // The team's own name and image for the member, else the account's.
    display_name: member.displayName ?? user.display_name,
    profile_image_url: member.profileImageUrl ?? user.profile_image_url,
    user,
  };
}

export function toClientMemberProfile(profile: MemberProfileServerView): MemberProfileClientView {
  const { user: _user, ...client } = profile;
  return client;
}

/**
 * Member profiles by membership age. A client must name a team it belongs to, and needs
 * `$read_members` to see anyone but itself.
 */
export function listMemberProfiles(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  filter: { teamId?: string; userId?: string },
): MemberProfileServerView[] {
  if (caller.kind === 'client') {
    if (filter.teamId === undefined) throw new StatusError(400, 'team_id is required for access type client');
    const self = requireClientUser(caller);
    authorizeTeamCaller(ctx.db, projectId, caller, filter.teamId, ...(filter.userId === self ? [] : ['$read_members']));
  } else {
    if (filter.teamId !== undefined) requireTeamRow(ctx.db, projectId, filter.teamId);
    if (filter.userId !== undefined) requireUserRow(ctx.db, projectId, filter.userId);
  }
  const conditions = [eq(teamMembers.projectId, projectId)];
  if (filter.teamId !== undefined) conditions.push(eq(teamMembers.teamId, filter.teamId));
  if (filter.userId !== undefined) conditions.push(eq(teamMembers.userId, filter.userId));
  const rows = ctx.db
    .select({ member: teamMembers, user: users })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(...conditions))
    .orderBy(asc(teamMembers.createdAt), sql`${teamMembers}.rowid`)
    .all();
  const userViews = userServerViews(
    ctx.db,
    rows.map((row) => row.user),
  );
  return rows.map((row, i) => memberProfileView(row.member, userViews[i]!));
}

export function readMemberProfile(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  teamId: string,
  userId: string,
): MemberProfileServerView {
  if (caller.kind === 'client' && userId !== requireClientUser(caller)) {
    authorizeTeamCaller(ctx.db, projectId, caller, teamId, '$read_members');
  }
  return memberProfileView(requireMembership(ctx.db, projectId, teamId, userId), readUserServerView(ctx, projectId, userId));
}

/** A member's team profile; a client may change only its own. */
export function updateMemberProfile(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  teamId: string,
  userId: string,
  input: MemberProfileUpdate,
): MemberProfileServerView {
  if (caller.kind === 'client' && userId !== requireClientUser(caller)) {
    throw new StatusError(403, 'Client access can only change the signed-in user\u2019s own team profile.');
  }
  checkClientImage(caller, input.profile_image_url);
  const member = writeTransaction(ctx, (tx) => {
    const row = requireMembership(tx, projectId, teamId, userId);
    const changes: Partial<MemberRow> = {};
    if (input.display_name !== undefined) changes.displayName = input.display_name || null;
    if (input.profile_image_url !== undefined) changes.profileImageUrl = input.profile_image_url;
    if (Object.keys(changes).length > 0) {
      tx.update(teamMembers)
        .set(changes)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
        .run();
    }
    return { ...row, ...changes };
  });
  return memberProfileView(member, readUserServerView(ctx, projectId, userId));
}
