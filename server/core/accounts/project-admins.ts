// Admins from the command line: users of the internal project found by their sign-in email,
// and the projects they own. Lets an operator bootstrap the first admin without editing the
// database and without any default password.
import { asc, eq } from 'drizzle-orm';
import { contactChannels, users } from '../storage/tables';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { checkPasswordLength } from '../credentials/password-hashing';
import { addOwnedProject, managedProjectIdsIn, removeOwnedProject } from '../projects/project-owners';
import { findProjectRow, internalProjectId, requireProjectRow } from '../projects/projects';
import { writeTransaction } from '../storage/transactions';
import { updateUser } from '../users/users';
import { createUser } from './new-accounts';
import { findUserByAuthEmail } from '../storage/user-queries';
import { firstRow } from '../storage/query-results';
import { consoleAdminMetadataKey } from '../../protocol/admin-console-config';

/**
 * The user's client-read-only metadata with the console's admin mark added: the user can read
 * it (so the console can tell an admin from another internal user) and never change it.
 */
function withConsoleAdminMark(metadata: unknown): Record<string, unknown> {
  const base = typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : {};
  return { ...base, [consoleAdminMetadataKey]: true };
}

/** Whether `authd admins add` made this internal user an admin of the web console. */
function isConsoleAdmin(clientReadOnlyMetadata: unknown): boolean {
  return typeof clientReadOnlyMetadata === 'object' && clientReadOnlyMetadata !== null
    && (clientReadOnlyMetadata as Record<string, unknown>)[consoleAdminMetadataKey] === true;
}

export interface AdminSummary {
  user_id: string;
  email: string | null;
  display_name: string | null;
  has_password: boolean;
  owned_project_ids: string[];
  signed_up_at_millis: number;
}

function summaryOf(row: typeof users.$inferSelect, email: string | null): AdminSummary {
  return {
    user_id: row.id,
    email,
    display_name: row.displayName,
    has_password: row.passwordHash !== null,
    owned_project_ids: managedProjectIdsIn(row.serverMetadata),
    signed_up_at_millis: row.signedUpAt,
  };
}

/** The CLI may run on a data directory that `authd serve` has not set up yet. */
async function requireInternalProject(ctx: Context): Promise<void> {
  if (!(await findProjectRow(ctx, internalProjectId))) {
    throw plainTextError('NO_INTERNAL_PROJECT_YET');
  }
}

async function requireAdminByEmail(ctx: Context, email: string): Promise<typeof users.$inferSelect> {
  await requireInternalProject(ctx);
  const row = await findUserByAuthEmail(ctx, internalProjectId, email);
  if (!row) {
    throw plainTextError('NO_ADMIN_WITH_EMAIL', email);
  }
  return row;
}

export interface AddedAdmin {
  admin: AdminSummary;
  created: boolean;
  passwordSet: boolean;
}

/**
 * Creates the internal user that signs in with `email`, or finds it. Without a password the
 * user has none and signs in after a password reset or with a magic link; with one, the
 * password is set (which ends the user's sessions, as every password change does).
 */
export async function addAdmin(ctx: Context, email: string, password?: string): Promise<AddedAdmin> {
  // An admin's password guards every project it owns: the sign-up minimum applies.
  if (password !== undefined) checkPasswordLength(password, { requireMinimum: true });
  await requireInternalProject(ctx);
  const existing = await findUserByAuthEmail(ctx, internalProjectId, email);
  if (existing) {
    const marked = isConsoleAdmin(existing.clientReadOnlyMetadata);
    if (password !== undefined || !marked) {
      await updateUser(ctx, internalProjectId, existing.id, {
        ...(password === undefined ? {} : { password }),
        ...(marked ? {} : { client_read_only_metadata: withConsoleAdminMark(existing.clientReadOnlyMetadata) }),
      });
    }
    return { admin: await readAdmin(ctx, existing.id, email), created: false, passwordSet: password !== undefined };
  }
  const created = await createUser(ctx, internalProjectId, {
    primary_email: email,
    primary_email_auth_enabled: true,
    client_read_only_metadata: withConsoleAdminMark(null),
    ...(password === undefined ? {} : { password }),
  });
  return { admin: await readAdmin(ctx, created.id, email), created: true, passwordSet: password !== undefined };
}

async function readAdmin(ctx: Context, userId: string, email: string): Promise<AdminSummary> {
  const row = firstRow(await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1));
  if (!row) throw plainTextError('NO_INTERNAL_USER', userId);
  return summaryOf(row, email);
}

export interface OwnershipChange {
  admin: AdminSummary;
  projectId: string;
  /** False when there was nothing to change (already an owner, or not one). */
  changed: boolean;
}

/** Makes the admin with this email an owner of the project, which must exist. */
export async function grantProjectToAdmin(ctx: Context, email: string, projectId: string): Promise<OwnershipChange> {
  const admin = await requireAdminByEmail(ctx, email);
  const changed = await writeTransaction(ctx, async (tx) => {
    await requireProjectRow(tx, projectId);
    return await addOwnedProject(tx, admin.id, projectId);
  });
  return { admin: await readAdmin(ctx, admin.id, email), projectId, changed };
}

/**
 * Ends the admin's ownership of the project; also works for a listed project that is gone. A
 * project that neither exists nor is listed is PROJECT_NOT_FOUND, as for a grant.
 */
export async function revokeProjectFromAdmin(ctx: Context, email: string, projectId: string): Promise<OwnershipChange> {
  const admin = await requireAdminByEmail(ctx, email);
  const changed = await writeTransaction(ctx, async (tx) => {
    const removed = await removeOwnedProject(tx, admin.id, projectId);
    if (!removed) await requireProjectRow(tx, projectId);
    return removed;
  });
  return { admin: await readAdmin(ctx, admin.id, email), projectId, changed };
}

/** Every user of the internal project, oldest first, with the projects each owns. */
export async function listAdmins(ctx: Context): Promise<AdminSummary[]> {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(eq(users.projectId, internalProjectId))
    .orderBy(asc(users.signedUpAt), asc(users.id));
  const primaryEmails = new Map(
    (
      await ctx.db
        .select({ userId: contactChannels.userId, value: contactChannels.value, isPrimary: contactChannels.isPrimary })
        .from(contactChannels)
        .where(eq(contactChannels.projectId, internalProjectId))
    )
      .filter((channel) => channel.isPrimary)
      .map((channel) => [channel.userId, channel.value] as const),
  );
  return rows.map((row) => summaryOf(row, primaryEmails.get(row.id) ?? null));
}
