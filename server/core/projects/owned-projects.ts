// The projects an internal user owns, listed and created through the internal project
// (`/internal/projects`). Only signed-in users of the internal project get here.
import { knownError } from '../../protocol/known-errors';
import type { ProjectAdminView, ProjectCreate } from '../../protocol/project-schemas';
import type { Context } from '../storage/context';
import { addOwnedProject, findOwnedProjectIds } from './project-owners';
import { findProjectRow, insertProject, internalProjectId, projectAdminView, readProjectAdminView } from './projects';
import { requireUser, type RequestAuth } from '../credentials/callers';
import { writeTransaction } from '../storage/transactions';

/** The signed-in internal user an owned-project call acts for. */
export function requireInternalProjectUser(auth: Extract<RequestAuth, { kind: 'project' }>): string {
  const userId = requireUser(auth, 'USER_AUTHENTICATION_REQUIRED');
  if (auth.projectId !== internalProjectId) throw knownError('EXPECTED_INTERNAL_PROJECT');
  return userId;
}

/** The user's projects, newest first; ids listed for projects that no longer exist are skipped. */
export async function listOwnedProjects(ctx: Context, userId: string): Promise<ProjectAdminView[]> {
  const rows: NonNullable<Awaited<ReturnType<typeof findProjectRow>>>[] = [];
  for (const id of (await findOwnedProjectIds(ctx, userId)) ?? []) {
    const row = await findProjectRow(ctx, id);
    if (row) rows.push(row);
  }
  rows.sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
  const views: ProjectAdminView[] = [];
  for (const row of rows) views.push(await projectAdminView(ctx, row));
  return views;
}

/** Creates a project owned by the user: both happen in one transaction or neither does. */
export async function createOwnedProject(ctx: Context, userId: string, input: ProjectCreate): Promise<ProjectAdminView> {
  const projectId = crypto.randomUUID();
  await writeTransaction(ctx, async (tx) => {
    await insertProject(ctx, tx, projectId, input);
    await addOwnedProject(tx, userId, projectId);
  });
  return await readProjectAdminView(ctx, projectId);
}
