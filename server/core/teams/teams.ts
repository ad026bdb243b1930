// Teams and member profiles. Every rule about who may do what lives in
// core/teams, so the API and the CLI enforce it alike: who asks and what a client needs is in
// team-callers.ts, joining and leaving in team-memberships.ts.
import { and, asc, eq } from 'drizzle-orm';
import { teamMembers, teams, users } from '../storage/tables';
import { plainTextError } from '../../protocol/plain-text-errors';
import type {
  MemberProfileClientAnswer,
  MemberProfileClientView,
  MemberProfileUpdate,
  TeamCreate,
  TeamUpdate,
} from '../../protocol/team-schemas';
import type { TeamServerView } from '../../protocol/team-views';
import type { UserServerView } from '../../protocol/user-schemas';
import { requireProject } from '../projects/projects';
import type { Context } from '../storage/context';
import { requireMembership, requireTeamRow, type MemberRow, type TeamRow } from '../storage/team-queries';
import { teamServerView } from '../users/team-views';
import { writeTransaction, type DbWriter } from '../storage/transactions';
import { requireUserRow } from '../storage/user-queries';
import { isClientProfileImage } from '../users/profile-images';
import { readUserServerView, userServerViews } from '../users/user-views';
import { enqueueWebhookEvent } from '../webhooks/webhook-events';
import { requireClientUser, type TeamCaller } from './team-callers';
import { authorizeTeamCaller } from './team-permissions';
import { withdrawTeamInvitations } from './team-invitations';
import { insertMembership } from './team-memberships';
import { insertionOrder, insertionOrderedId } from '../storage/dialect-sql';

function checkClientImage(caller: TeamCaller, url: string | null | undefined): void {
  if (caller.kind === 'client' && typeof url === 'string' && !isClientProfileImage(url)) {
    throw plainTextError('INVALID_PROFILE_IMAGE_URL');
  }
}

/** Inserts a team, with its creator as the first member when given. For use inside a transaction. */
export async function insertTeam(
  ctx: Context,
  db: DbWriter,
  projectId: string,
  input: TeamCreate,
  creatorUserId?: string,
  /** A team brought by `authd teams import`: its source id and creation time. */
  imported?: { externalId: string; createdAt: number },
): Promise<TeamRow> {
  // Joins the caller's transaction; a caller outside one (passing ctx.db) gets its own.
  return writeTransaction(ctx, async () => {
    const row: TeamRow = {
      id: insertionOrderedId(),
      projectId,
      displayName: input.display_name,
      profileImageUrl: input.profile_image_url ?? null,
      clientMetadata: input.client_metadata ?? null,
      clientReadOnlyMetadata: input.client_read_only_metadata ?? null,
      serverMetadata: input.server_metadata ?? null,
      createdAt: imported?.createdAt ?? ctx.clock.now(),
      externalId: imported?.externalId ?? null,
    };
    await db.insert(teams).values(row);
    await enqueueWebhookEvent(ctx, db, projectId, 'team.created', () => teamServerView(row));
    if (creatorUserId !== undefined) await insertMembership(ctx, db, projectId, row.id, creatorUserId, 'team_creator');
    return row;
  });
}

/**
 * Creates a team. A client must be signed in, the project must allow client team
 * creation, and the creator is the caller (the default) and nobody else. `creatorUserId` is
 * already resolved from `me`.
 */
export async function createTeam(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  input: TeamCreate,
  creatorUserId: string | undefined,
): Promise<TeamServerView> {
  return await writeTransaction(ctx, async (tx) => {
    let creator = creatorUserId;
    const project = await requireProject(ctx, projectId);
    if (caller.kind === 'client') {
      const userId = requireClientUser(caller);
      if (!project.clientTeamCreationEnabled) {
        throw plainTextError('CLIENT_TEAM_CREATION_DISABLED');
      }
      checkClientImage(caller, input.profile_image_url);
      creator ??= userId;
      if (creator !== userId) throw plainTextError('CLIENT_TEAM_CREATOR_NOT_SELF');
    }
    if (creator !== undefined) await requireUserRow(tx, projectId, creator);
    return teamServerView(await insertTeam(ctx, tx, projectId, input, creator));
  });
}

export async function readTeam(ctx: Context, projectId: string, caller: TeamCaller, teamId: string): Promise<TeamServerView> {
  await authorizeTeamCaller(ctx.db, projectId, caller, teamId);
  return teamServerView(await requireTeamRow(ctx.db, projectId, teamId));
}

export async function updateTeam(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  teamId: string,
  input: TeamUpdate,
): Promise<TeamServerView> {
  return await writeTransaction(ctx, async (tx) => {
    checkClientImage(caller, input.profile_image_url);
    await authorizeTeamCaller(tx, projectId, caller, teamId, '$update_team');
    const row = await requireTeamRow(tx, projectId, teamId);
    const changes: Partial<TeamRow> = {};
    if (input.display_name !== undefined) changes.displayName = input.display_name;
    if (input.profile_image_url !== undefined) changes.profileImageUrl = input.profile_image_url;
    if (input.client_metadata !== undefined) changes.clientMetadata = input.client_metadata;
    if (input.client_read_only_metadata !== undefined) changes.clientReadOnlyMetadata = input.client_read_only_metadata;
    if (input.server_metadata !== undefined) changes.serverMetadata = input.server_metadata;
    if (Object.keys(changes).length > 0) await tx.update(teams).set(changes).where(eq(teams.id, row.id));
    const view = teamServerView({ ...row, ...changes });
    await enqueueWebhookEvent(ctx, tx, projectId, 'team.updated', () => view);
    return view;
  });
}

/** Deletes a team with its memberships, grants and pending invitations; unselects it everywhere. */
export async function deleteTeam(ctx: Context, projectId: string, caller: TeamCaller, teamId: string): Promise<void> {
  await writeTransaction(ctx, async (tx) => {
    await authorizeTeamCaller(tx, projectId, caller, teamId, '$delete_team');
    await requireTeamRow(tx, projectId, teamId);
    await tx
      .update(users)
      .set({ selectedTeamId: null })
      .where(and(eq(users.projectId, projectId), eq(users.selectedTeamId, teamId)));
    await withdrawTeamInvitations(tx, projectId, teamId);
    // Memberships cascade from the team, and grants from the memberships.
    await tx.delete(teams).where(eq(teams.id, teamId));
    // Stack's team.deleted payload is the id alone, with no event per ended membership.
    await enqueueWebhookEvent(ctx, tx, projectId, 'team.deleted', () => ({ id: teamId }));
  });
}

/** Teams of the project, oldest first; only the user's when `userId` is given. */
export async function listTeams(ctx: Context, projectId: string, userId?: string): Promise<TeamServerView[]> {
  if (userId === undefined) {
    return (
      (
        await ctx.db
          .select()
          .from(teams)
          .where(eq(teams.projectId, projectId))
          // rowid keeps creation order among teams created within the same millisecond.
          .orderBy(asc(teams.createdAt), insertionOrder(teams, teams.id))
      ).map(teamServerView)
    );
  }
  return (
    await ctx.db
      .select({ team: teams })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.userId, userId)))
      .orderBy(asc(teams.createdAt), insertionOrder(teams, teams.id))
  ).map(({ team }) => teamServerView(team));
}

// ---------------------------------------------------------------------------------------------
// Member profiles

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

/**
 * The client view, with the member's primary email as an authd-only field: teams are
 * collaborative, an invitation already names the address, and a client sees other members'
 * profiles only with `$read_members`, so a nameless member can be shown by their email.
 */
export function toClientMemberProfile(profile: MemberProfileServerView): MemberProfileClientAnswer {
  const { user, ...client } = profile;
  return { ...client, primary_email: user.primary_email };
}

/**
 * Member profiles by membership age. A client must name a team it belongs to, and needs
 * `$read_members` to see anyone but itself.
 */
export async function listMemberProfiles(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  filter: { teamId?: string; userId?: string },
): Promise<MemberProfileServerView[]> {
  if (caller.kind === 'client') {
    if (filter.teamId === undefined) throw plainTextError('CLIENT_TEAM_ID_REQUIRED');
    const self = requireClientUser(caller);
    await authorizeTeamCaller(ctx.db, projectId, caller, filter.teamId, ...(filter.userId === self ? [] : ['$read_members']));
  } else {
    if (filter.teamId !== undefined) await requireTeamRow(ctx.db, projectId, filter.teamId);
    if (filter.userId !== undefined) await requireUserRow(ctx.db, projectId, filter.userId);
  }
  const conditions = [eq(teamMembers.projectId, projectId)];
  if (filter.teamId !== undefined) conditions.push(eq(teamMembers.teamId, filter.teamId));
  if (filter.userId !== undefined) conditions.push(eq(teamMembers.userId, filter.userId));
  const rows = await ctx.db
    .select({ member: teamMembers, user: users })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(...conditions))
    .orderBy(asc(teamMembers.createdAt), insertionOrder(teamMembers, teamMembers.userId));
  const userViews = await userServerViews(
    ctx.db,
    rows.map((row) => row.user),
  );
  return rows.map((row, i) => memberProfileView(row.member, userViews[i]!));
}

export async function readMemberProfile(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  teamId: string,
  userId: string,
): Promise<MemberProfileServerView> {
  if (caller.kind === 'client' && userId !== requireClientUser(caller)) {
    await authorizeTeamCaller(ctx.db, projectId, caller, teamId, '$read_members');
  }
  return memberProfileView(
    await requireMembership(ctx.db, projectId, teamId, userId),
    await readUserServerView(ctx, projectId, userId),
  );
}

/** A member's team profile; a client may change only its own. */
export async function updateMemberProfile(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  teamId: string,
  userId: string,
  input: MemberProfileUpdate,
): Promise<MemberProfileServerView> {
  if (caller.kind === 'client' && userId !== requireClientUser(caller)) {
    throw plainTextError('CLIENT_MEMBER_PROFILE_NOT_OWN');
  }
  checkClientImage(caller, input.profile_image_url);
  const member = await writeTransaction(ctx, async (tx) => {
    const row = await requireMembership(tx, projectId, teamId, userId);
    const changes: Partial<MemberRow> = {};
    if (input.display_name !== undefined) changes.displayName = input.display_name || null;
    if (input.profile_image_url !== undefined) changes.profileImageUrl = input.profile_image_url;
    if (Object.keys(changes).length > 0) {
      await tx
        .update(teamMembers)
        .set(changes)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    }
    return { ...row, ...changes };
  });
  return memberProfileView(member, await readUserServerView(ctx, projectId, userId));
}
