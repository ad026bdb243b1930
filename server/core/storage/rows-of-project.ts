// Rows that belong to one project and are named by an id within it (an OIDC client, a webhook
// endpoint, a team…): found, or deleted, only within their project, so that another project's
// id names nothing here.
import { and, eq, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DbWriter } from './transactions';
import { firstRow } from './query-results';

type ProjectScopedTable = SQLiteTable & { projectId: SQLiteColumn; id: SQLiteColumn };

/** The condition that picks the row `id` of the project. */
export function rowOfProject(table: ProjectScopedTable, projectId: string, id: string): SQL {
  return and(eq(table.projectId, projectId), eq(table.id, id))!;
}

/** The row `id` of the project, if it has one. */
export async function findRowOfProject<T extends ProjectScopedTable>(
  db: DbWriter,
  table: T,
  projectId: string,
  id: string,
): Promise<T['$inferSelect'] | undefined> {
  const rows: T['$inferSelect'][] = await db.select().from(table).where(rowOfProject(table, projectId, id)).limit(1);
  return firstRow(rows);
}

/** Deletes the row `id` of the project; false when the project has no such row. */
export async function deleteRowOfProject(db: DbWriter, table: ProjectScopedTable, projectId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(table).where(rowOfProject(table, projectId, id)).returning({ id: table.id });
  return deleted.length > 0;
}
