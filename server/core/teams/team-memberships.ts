// Team memberships: adding a member with the defaults of how they joined, and ending one.
import { and, eq } from 'drizzle-orm';
import { projectDefaultPermissions, teamMemberPermissions, teamMembers, users } from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import type { Context } from '../storage/context';
import { findMembership, requireMembership, requireTeamRow } from '../storage/team-queries';
import { writeTransaction, type DbWriter } from '../storage/transactions';
import { requireUserRow } from '../storage/user-queries';
import { enqueueWebhookEvent } from '../webhooks/webhook-events';
import type { TeamCaller } from './team-callers';
import { authorizeTeamCaller } from './team-permissions';

/** Adds a member with the defaults of `kind`; the membership must not exist yet. */
export async function insertMembership(
  ctx: Context,
  db: DbWriter,
  projectId: string,
  teamId: string,
  userId: string,
  kind: 'team_creator' | 'team_member',
): Promise<void> {
  // Joins the caller's transaction; a caller outside one (passing ctx.db) gets its own.
  return writeTransaction(ctx, async () => {
    await db.insert(teamMembers).values({ projectId, teamId, userId, createdAt: ctx.clock.now() });
    await enqueueWebhookEvent(ctx, db, projectId, 'team_membership.created', () => ({ team_id: teamId, user_id: userId }));
    const defaults = await db
      .select({ permissionId: projectDefaultPermissions.permissionId })
      .from(projectDefaultPermissions)
      .where(and(eq(projectDefaultPermissions.projectId, projectId), eq(projectDefaultPermissions.kind, kind)));
    for (const { permissionId } of defaults) {
      await db.insert(teamMemberPermissions).values({ projectId, teamId, userId, permissionId });
    }
  });
}

/** The server adds a member, who receives the member default permissions. */
export async function addTeamMember(ctx: Context, projectId: string, teamId: string, userId: string): Promise<void> {
  await writeTransaction(ctx, async (tx) => {
    await requireUserRow(tx, projectId, userId);
    await requireTeamRow(tx, projectId, teamId);
    if (await findMembership(tx, projectId, teamId, userId)) throw knownError('TEAM_MEMBERSHIP_ALREADY_EXISTS');
    await insertMembership(ctx, tx, projectId, teamId, userId, 'team_member');
  });
}

/**
 * Ends a membership. Any member may leave; a client removing someone else needs
 * `$remove_members`. `userId` is already resolved from `me`.
 */
export async function removeTeamMember(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  teamId: string,
  userId: string,
): Promise<void> {
  await writeTransaction(ctx, async (tx) => {
    if (caller.kind === 'client') {
      if (caller.userId === null) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
      if (userId !== caller.userId) await authorizeTeamCaller(tx, projectId, caller, teamId, '$remove_members');
    }
    await requireUserRow(tx, projectId, userId);
    await requireMembership(tx, projectId, teamId, userId);
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    await enqueueWebhookEvent(ctx, tx, projectId, 'team_membership.deleted', () => ({ team_id: teamId, user_id: userId }));
    await tx
      .update(users)
      .set({ selectedTeamId: null })
      .where(and(eq(users.id, userId), eq(users.selectedTeamId, teamId)));
  });
}
