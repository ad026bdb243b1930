// A member's permissions in a team: granted directly, and, recursively,
// everything those contain through the project's permission definitions.
import { and, eq } from 'drizzle-orm';
import { teamMemberPermissions } from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import type { TeamPermissionView } from '../../protocol/team-schemas';
import type { Context } from '../storage/context';
import { containmentGraph, findUndefinedPermissionIds } from '../projects/permission-definitions';
import { requireMembership } from '../storage/team-queries';
import { requireClientUser, type TeamCaller } from './team-callers';
import { writeTransaction, type DbWriter } from '../storage/transactions';
import { requireUserRow } from '../storage/user-queries';
import { recordAuditEvent } from '../audit/audit-log';

/** `roots` and everything reachable from them. Definitions cannot form cycles, but a visited set costs nothing. */
function expandPermissions(graph: Map<string, string[]>, roots: Iterable<string>): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(graph.get(id) ?? []));
  }
  return reached;
}

async function directPermissionIds(db: DbWriter, projectId: string, teamId: string, userId: string): Promise<string[]> {
  return (
    await db
      .select({ permissionId: teamMemberPermissions.permissionId })
      .from(teamMemberPermissions)
      .where(
        and(
          eq(teamMemberPermissions.projectId, projectId),
          eq(teamMemberPermissions.teamId, teamId),
          eq(teamMemberPermissions.userId, userId),
        ),
      )
  ).map((row) => row.permissionId);
}

async function hasTeamPermission(db: DbWriter, projectId: string, teamId: string, userId: string, permissionId: string): Promise<boolean> {
  const direct = await directPermissionIds(db, projectId, teamId, userId);
  if (direct.includes(permissionId)) return true;
  return expandPermissions(await containmentGraph(db, projectId), direct).has(permissionId);
}

/** TEAM_PERMISSION_REQUIRED unless the member holds `permissionId`, directly or contained. */
export async function requireTeamPermission(
  db: DbWriter,
  projectId: string,
  teamId: string,
  userId: string,
  permissionId: string,
): Promise<void> {
  if (!await hasTeamPermission(db, projectId, teamId, userId, permissionId)) {
    throw knownError('TEAM_PERMISSION_REQUIRED', teamId, userId, permissionId);
  }
}

/**
 * What a client needs to touch a team: a user, membership (checked before the team's existence,
 * so outsiders learn nothing about other teams) and each named permission, held directly or
 * contained. The server may touch any team of the project.
 */
export async function authorizeTeamCaller(
  db: DbWriter,
  projectId: string,
  caller: TeamCaller,
  teamId: string,
  ...permissionIds: string[]
): Promise<void> {
  if (caller.kind === 'server') return;
  const userId = requireClientUser(caller);
  await requireMembership(db, projectId, teamId, userId);
  for (const permissionId of permissionIds) await requireTeamPermission(db, projectId, teamId, userId, permissionId);
}

/**
 * Permissions of the project's members, filtered by team and user, sorted by team, user and
 * permission id. `recursive` adds everything the grants contain; `permissionId` filters after
 * that. Unless told, clients get the recursive list (they ask "may I do this?", which contained
 * permissions answer too) and the server the direct grants.
 */
export async function listTeamPermissions(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  filter: { teamId?: string; userId?: string; permissionId?: string; recursive?: boolean },
): Promise<TeamPermissionView[]> {
  const recursive = filter.recursive ?? caller.kind === 'client';
  const conditions = [eq(teamMemberPermissions.projectId, projectId)];
  if (filter.teamId !== undefined) conditions.push(eq(teamMemberPermissions.teamId, filter.teamId));
  if (filter.userId !== undefined) conditions.push(eq(teamMemberPermissions.userId, filter.userId));
  const grants = await ctx.db
    .select()
    .from(teamMemberPermissions)
    .where(and(...conditions));
  const byMember = new Map<string, { teamId: string; userId: string; ids: string[] }>();
  for (const grant of grants) {
    const key = `${grant.teamId} ${grant.userId}`;
    const member = byMember.get(key) ?? { teamId: grant.teamId, userId: grant.userId, ids: [] };
    member.ids.push(grant.permissionId);
    byMember.set(key, member);
  }
  const graph = recursive ? await containmentGraph(ctx.db, projectId) : null;
  const items: TeamPermissionView[] = [];
  for (const member of byMember.values()) {
    const ids = graph ? expandPermissions(graph, member.ids) : new Set(member.ids);
    for (const id of ids) {
      if (filter.permissionId === undefined || id === filter.permissionId) {
        items.push({ id, user_id: member.userId, team_id: member.teamId });
      }
    }
  }
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return items.sort((a, b) => byText(a.team_id, b.team_id) || byText(a.user_id, b.user_id) || byText(a.id, b.id));
}

/** Checks the user, the membership and the permission, in Stack's order. */
async function requireGrantTarget(db: DbWriter, projectId: string, teamId: string, userId: string, permissionId: string): Promise<void> {
  await requireUserRow(db, projectId, userId);
  await requireMembership(db, projectId, teamId, userId);
  if ((await findUndefinedPermissionIds(db, projectId, [permissionId])).length > 0)
    throw knownError('PERMISSION_NOT_FOUND', permissionId);
}

/** Grants a permission to a member; granting one already held changes nothing. */
export async function grantTeamPermission(
  ctx: Context,
  projectId: string,
  teamId: string,
  userId: string,
  permissionId: string,
): Promise<TeamPermissionView> {
  await writeTransaction(ctx, async (tx) => {
    await requireGrantTarget(tx, projectId, teamId, userId, permissionId);
    const granted = await tx
      .insert(teamMemberPermissions)
      .values({ projectId, teamId, userId, permissionId })
      .onConflictDoNothing()
      .returning({ permissionId: teamMemberPermissions.permissionId });
    if (granted.length > 0) {
      await recordAuditEvent(ctx, { projectId, type: 'permission.granted', userId, details: { team_id: teamId, permission_id: permissionId } });
    }
  });
  return { id: permissionId, user_id: userId, team_id: teamId };
}

/** Revokes a directly granted permission (contained ones go with the grant that brought them). */
export async function revokeTeamPermission(
  ctx: Context,
  projectId: string,
  teamId: string,
  userId: string,
  permissionId: string,
): Promise<void> {
  await writeTransaction(ctx, async (tx) => {
    await requireGrantTarget(tx, projectId, teamId, userId, permissionId);
    const deleted = await tx
      .delete(teamMemberPermissions)
      .where(
        and(
          eq(teamMemberPermissions.teamId, teamId),
          eq(teamMemberPermissions.userId, userId),
          eq(teamMemberPermissions.permissionId, permissionId),
        ),
      )
      .returning();
    if (deleted.length === 0) throw knownError('TEAM_PERMISSION_NOT_FOUND', teamId, userId, permissionId);
    await recordAuditEvent(ctx, { projectId, type: 'permission.revoked', userId, details: { team_id: teamId, permission_id: permissionId } });
  });
}
