// Team permission definitions: the two every new project starts with, the existence check other
// rules rely on, and their management by admins.
import { and, eq, inArray } from 'drizzle-orm';
import { permissionContainments, permissionDefinitions, projectDefaultPermissions, teamMemberPermissions } from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import { isSystemPermissionId, systemPermissionDescriptions, systemPermissionIds } from '../../protocol/permission-ids';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { PermissionDefinitionView } from '../../protocol/team-schemas';
import type { Context } from '../storage/context';
import { writeTransaction, type DbWriter } from '../storage/transactions';
import { recordAuditEvent } from '../audit/audit-log';
import { firstRow } from '../storage/query-results';
import { findRowOfProject, rowOfProject } from '../storage/rows-of-project';

/** As in Stack, new projects get `member` (the member default) and `admin` (the creator default). */
export const defaultPermissionDefinitions = [
  {
    id: 'member',
    description: 'Default permission for team members',
    contains: ['$invite_members', '$read_members'],
    defaultFor: 'team_member',
  },
  {
    id: 'admin',
    description: 'Default permission for team creators',
    contains: [...systemPermissionIds],
    defaultFor: 'team_creator',
  },
] as const;

export async function seedDefaultPermissionDefinitions(db: DbWriter, projectId: string, now: number): Promise<void> {
  for (const definition of defaultPermissionDefinitions) {
    await db
      .insert(permissionDefinitions)
      .values({ projectId, id: definition.id, description: definition.description, createdAt: now });
    for (const contained of definition.contains) {
      await db
        .insert(permissionContainments)
        .values({ projectId, permissionId: definition.id, containedPermissionId: contained });
    }
  }
}

/** The ids among `ids` that name neither a system permission nor a definition of the project. */
export async function findUndefinedPermissionIds(db: DbWriter, projectId: string, ids: readonly string[]): Promise<string[]> {
  const custom = ids.filter((id) => !isSystemPermissionId(id));
  if (custom.length === 0) return [];
  const defined = new Set(
    (
      await db
        .select({ id: permissionDefinitions.id })
        .from(permissionDefinitions)
        .where(and(eq(permissionDefinitions.projectId, projectId), inArray(permissionDefinitions.id, custom)))
    ).map((row) => row.id),
  );
  return custom.filter((id) => !defined.has(id));
}

// ---------------------------------------------------------------------------------------------
// Managing definitions (admin)

function describeDefinition(id: string, description: string | null, contained: string[]): PermissionDefinitionView {
  return { id, ...(description ? { description } : {}), contained_permission_ids: [...contained].sort() };
}

/** The project's contained-permission edges, as parent id → contained ids. */
export async function containmentGraph(db: DbWriter, projectId: string): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for (const edge of await db.select().from(permissionContainments).where(eq(permissionContainments.projectId, projectId))) {
    const children = graph.get(edge.permissionId) ?? [];
    children.push(edge.containedPermissionId);
    graph.set(edge.permissionId, children);
  }
  return graph;
}

/** The five system permissions and the project's own, sorted by id. */
export async function listPermissionDefinitions(ctx: Context, projectId: string): Promise<PermissionDefinitionView[]> {
  const contained = await containmentGraph(ctx.db, projectId);
  const custom = (await ctx.db.select().from(permissionDefinitions).where(eq(permissionDefinitions.projectId, projectId))).map(
    (row) => describeDefinition(row.id, row.description, contained.get(row.id) ?? []),
  );
  const system = systemPermissionIds.map((id) => describeDefinition(id, systemPermissionDescriptions[id], []));
  return [...system, ...custom].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

async function requireDefinition(db: DbWriter, projectId: string, id: string) {
  const row = isSystemPermissionId(id)
    ? undefined
    : await findRowOfProject(db, permissionDefinitions, projectId, id);
  if (!row) throw knownError('PERMISSION_NOT_FOUND', id);
  return row;
}

/**
 * Refuses contained ids that are not defined, and edges that would let `id` contain itself,
 * which would make "what does this permission grant" a question without an end.
 */
async function checkContainedIds(db: DbWriter, projectId: string, id: string, containedIds: readonly string[]): Promise<void> {
  const missing = await findUndefinedPermissionIds(db, projectId, containedIds);
  if (missing.length > 0) throw knownError('CONTAINED_PERMISSION_NOT_FOUND', missing[0]!);
  const graph = await containmentGraph(db, projectId);
  graph.set(id, [...containedIds]);
  const path = findPathTo(graph, containedIds, id);
  if (path) throw plainTextError('PERMISSION_CONTAINMENT_CYCLE', [id, ...path].join(' → '));
}

/** A path of ids from one of `starts` to `target` through `graph`, or null. */
function findPathTo(graph: Map<string, string[]>, starts: readonly string[], target: string): string[] | null {
  const visited = new Set<string>();
  const walk = (id: string): string[] | null => {
    if (id === target) return [id];
    if (visited.has(id)) return null;
    visited.add(id);
    for (const child of graph.get(id) ?? []) {
      const rest = walk(child);
      if (rest) return [id, ...rest];
    }
    return null;
  };
  for (const start of starts) {
    const path = walk(start);
    if (path) return path;
  }
  return null;
}

async function insertContainments(db: DbWriter, projectId: string, id: string, containedIds: readonly string[]): Promise<void> {
  for (const contained of new Set(containedIds)) {
    await db.insert(permissionContainments).values({ projectId, permissionId: id, containedPermissionId: contained });
  }
}

async function readDefinition(db: DbWriter, projectId: string, id: string): Promise<PermissionDefinitionView> {
  const row = await requireDefinition(db, projectId, id);
  return describeDefinition(row.id, row.description, (await containmentGraph(db, projectId)).get(row.id) ?? []);
}

/** A system permission or an existing definition already holds `id`. */
async function refuseTakenId(db: DbWriter, projectId: string, id: string): Promise<void> {
  if ((await findUndefinedPermissionIds(db, projectId, [id])).length === 0) {
    throw plainTextError('PERMISSION_ALREADY_EXISTS', id);
  }
}

export async function createPermissionDefinition(
  ctx: Context,
  projectId: string,
  input: { id: string; description?: string; contained_permission_ids?: string[] },
): Promise<PermissionDefinitionView> {
  return await writeTransaction(ctx, async (tx) => {
    await refuseTakenId(tx, projectId, input.id);
    const contained = input.contained_permission_ids ?? [];
    await checkContainedIds(tx, projectId, input.id, contained);
    await tx
      .insert(permissionDefinitions)
      .values({ projectId, id: input.id, description: input.description || null, createdAt: ctx.clock.now() });
    await insertContainments(tx, projectId, input.id, contained);
    await recordAuditEvent(ctx, { projectId, type: 'permission_definition.created', details: { id: input.id, contained_permission_ids: contained } });
    return await readDefinition(tx, projectId, input.id);
  });
}

/** Changes a definition; a new id is carried into grants, other definitions and the project defaults. */
export async function updatePermissionDefinition(
  ctx: Context,
  projectId: string,
  id: string,
  input: { id?: string; description?: string; contained_permission_ids?: string[] },
): Promise<PermissionDefinitionView> {
  return await writeTransaction(ctx, async (tx) => {
    await requireDefinition(tx, projectId, id);
    const newId = input.id ?? id;
    if (newId !== id) {
      await refuseTakenId(tx, projectId, newId);
      await renamePermission(tx, projectId, id, newId);
    }
    if (input.description !== undefined) {
      await tx
        .update(permissionDefinitions)
        .set({ description: input.description || null })
        .where(rowOfProject(permissionDefinitions, projectId, newId));
    }
    if (input.contained_permission_ids !== undefined) {
      await tx
        .delete(permissionContainments)
        .where(and(eq(permissionContainments.projectId, projectId), eq(permissionContainments.permissionId, newId)));
      await checkContainedIds(tx, projectId, newId, input.contained_permission_ids);
      await insertContainments(tx, projectId, newId, input.contained_permission_ids);
    }
    await recordAuditEvent(ctx, { projectId, type: 'permission_definition.updated', details: { id: newId, ...(newId !== id && { from: id }) } });
    return await readDefinition(tx, projectId, newId);
  });
}

async function renamePermission(db: DbWriter, projectId: string, from: string, to: string): Promise<void> {
  const definitionKey = rowOfProject(permissionDefinitions, projectId, from);
  const edges = await db.select().from(permissionContainments).where(eq(permissionContainments.projectId, projectId));
  // The edges leave with their definition (cascade), so they are put back under the new id.
  const definition = firstRow(await db.select().from(permissionDefinitions).where(definitionKey).limit(1))!;
  await db.insert(permissionDefinitions).values({ ...definition, id: to });
  await db.delete(permissionDefinitions).where(definitionKey);
  await db
    .delete(permissionContainments)
    .where(and(eq(permissionContainments.projectId, projectId), eq(permissionContainments.containedPermissionId, from)));
  for (const edge of edges) {
    if (edge.permissionId !== from && edge.containedPermissionId !== from) continue;
    await db
      .insert(permissionContainments)
      .values({
        projectId,
        permissionId: edge.permissionId === from ? to : edge.permissionId,
        containedPermissionId: edge.containedPermissionId === from ? to : edge.containedPermissionId,
      })
      .onConflictDoNothing();
  }
  await db
    .update(teamMemberPermissions)
    .set({ permissionId: to })
    .where(and(eq(teamMemberPermissions.projectId, projectId), eq(teamMemberPermissions.permissionId, from)));
  await db
    .update(projectDefaultPermissions)
    .set({ permissionId: to })
    .where(and(eq(projectDefaultPermissions.projectId, projectId), eq(projectDefaultPermissions.permissionId, from)));
}

/** Deletes a definition with its grants, and takes it out of other definitions and the defaults. */
export async function deletePermissionDefinition(ctx: Context, projectId: string, id: string): Promise<void> {
  await writeTransaction(ctx, async (tx) => {
    await requireDefinition(tx, projectId, id);
    await tx
      .delete(permissionContainments)
      .where(and(eq(permissionContainments.projectId, projectId), eq(permissionContainments.containedPermissionId, id)));
    await tx
      .delete(teamMemberPermissions)
      .where(and(eq(teamMemberPermissions.projectId, projectId), eq(teamMemberPermissions.permissionId, id)));
    await tx
      .delete(projectDefaultPermissions)
      .where(and(eq(projectDefaultPermissions.projectId, projectId), eq(projectDefaultPermissions.permissionId, id)));
    await tx
      .delete(permissionDefinitions)
      .where(rowOfProject(permissionDefinitions, projectId, id));
    await recordAuditEvent(ctx, { projectId, type: 'permission_definition.deleted', details: { id } });
  });
}
