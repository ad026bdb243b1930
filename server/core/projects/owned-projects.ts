// The projects an internal user owns, listed and created through the internal project
// (`/internal/projects`). Only signed-in users of the internal project get here.
import { knownError } from '../../protocol/known-errors';
import type { ProjectAdminView, ProjectCreate } from '../../protocol/project-schemas';
import type { Context } from '../storage/context';
import { addOwnedProject, findOwnedProjectIds } from './project-owners';
import { findProjectRow, insertProject, internalProjectId, projectAdminView, readProjectAdminView } from './projects';
import { requireUser, type RequestAuth } from '../auth/request-auth';
import { writeTransaction } from '../storage/transactions';

/** The signed-in internal user an owned-project call acts for. */
export function requireInternalProjectUser(auth: Extract<RequestAuth, { kind: 'project' }>): string {
  const userId = requireUser(auth, 'USER_AUTHENTICATION_REQUIRED');
  if (auth.projectId !== internalProjectId) throw knownError('EXPECTED_INTERNAL_PROJECT');
  return userId;
}

/** The user's projects, newest first; ids listed for projects that no longer exist are skipped. */
export function listOwnedProjects(ctx: Context, userId: string): ProjectAdminView[] {
  const rows = (findOwnedProjectIds(ctx, userId) ?? []).flatMap((id) => {
    const row = findProjectRow(ctx, id);
    return row ? [row] : [];
  });
  rows.sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
  return rows.map((row) => projectAdminView(ctx, row));
}

/** Creates a project owned by the user: both happen in one transaction or neither does. */
export function createOwnedProject(ctx: Context, userId: string, input: ProjectCreate): ProjectAdminView {
  const projectId = crypto.randomUUID();
  writeTransaction(ctx, (tx) => {
    insertProject(ctx, tx, projectId, input);
    addOwnedProject(tx, userId, projectId);
  });
  return readProjectAdminView(ctx, projectId);
}
