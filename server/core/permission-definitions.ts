// Team permission definitions: the two every new project starts with, and the existence check
// other rules (default permissions) rely on. Managing definitions builds on this module.
import { and, eq, inArray } from 'drizzle-orm';
import { permissionContainments, permissionDefinitions } from '../../db/schema';
import { isSystemPermissionId, systemPermissionIds } from '../protocol/permission-ids';
import type { DbWriter } from './transactions';

/** wire §4.7: new projects get `member` (the member default) and `admin` (the creator default). */
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

export function seedDefaultPermissionDefinitions(db: DbWriter, projectId: string, now: number): void {
  for (const definition of defaultPermissionDefinitions) {
    db.insert(permissionDefinitions)
      .values({ projectId, id: definition.id, description: definition.description, createdAt: now })
      .run();
    for (const contained of definition.contains) {
      db.insert(permissionContainments)
        .values({ projectId, permissionId: definition.id, containedPermissionId: contained })
        .run();
    }
  }
}

/** The ids among `ids` that name neither a system permission nor a definition of the project. */
export function findUndefinedPermissionIds(db: DbWriter, projectId: string, ids: readonly string[]): string[] {
  const custom = ids.filter((id) => !isSystemPermissionId(id));
  if (custom.length === 0) return [];
  const defined = new Set(
    db
      .select({ id: permissionDefinitions.id })
      .from(permissionDefinitions)
      .where(and(eq(permissionDefinitions.projectId, projectId), inArray(permissionDefinitions.id, custom)))
      .all()
      .map((row) => row.id),
  );
  return custom.filter((id) => !defined.has(id));
}
