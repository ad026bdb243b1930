// Project ownership: a user of the internal project owns exactly the projects listed in
// its server_metadata.managedProjectIds. The list lives in the user's metadata, as in Stack, so
// an admin editing that metadata through the API grants or revokes ownership too.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection';
import { users } from '../storage/tables';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { prepared } from '../storage/prepared-queries';
import type { DbWriter } from '../storage/transactions';
import { WriteInvalidatedCache } from '../storage/write-invalidated-cache';
import { firstRow } from '../storage/query-results';
import { containsText } from '../storage/dialect-sql';

/** The internal project's id, repeated here because projects.ts imports this file. */
const ownersProjectId = 'internal';

/** The project ids a metadata value lists; anything that is not a list of strings lists none. */
export function managedProjectIdsIn(serverMetadata: unknown): string[] {
  if (typeof serverMetadata !== 'object' || serverMetadata === null || Array.isArray(serverMetadata)) return [];
  const listed = (serverMetadata as Record<string, unknown>).managedProjectIds;
  return Array.isArray(listed) ? listed.filter((id): id is string => typeof id === 'string') : [];
}

const selectInternalUserMetadata = (db: Db) =>
  db
    .select({ serverMetadata: users.serverMetadata })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), eq(users.projectId, ownersProjectId)))
    .prepare();

// Asked by every request made with an admin access token. Emptied by any write, so an owner
// revoked a moment ago (by the API or by the CLI on the same file) is refused on the next call.
const ownedProjectIdsCache = new WriteInvalidatedCache<readonly string[] | null>(10_000);

/** The projects an internal user owns, or null when there is no such internal user. */
export async function findOwnedProjectIds(ctx: Context, userId: string): Promise<readonly string[] | null> {
  return await ownedProjectIdsCache.get(ctx, userId, async () => {
    const row = await prepared(ctx, selectInternalUserMetadata).get({ userId });
    return row ? Object.freeze(managedProjectIdsIn(row.serverMetadata)) : null;
  });
}

async function readInternalUserMetadata(tx: DbWriter, userId: string): Promise<unknown> {
  const row = firstRow(
    await tx
      .select({ serverMetadata: users.serverMetadata })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.projectId, ownersProjectId)))
      .limit(1),
  );
  if (!row) throw plainTextError('NO_INTERNAL_USER', userId);
  return row.serverMetadata ?? null;
}

/** Writes the list back, keeping every other metadata field as it was. */
async function writeManagedProjectIds(tx: DbWriter, userId: string, metadata: unknown, projectIds: string[]): Promise<void> {
  if (metadata !== null && (typeof metadata !== 'object' || Array.isArray(metadata))) {
    throw plainTextError('OWNER_METADATA_NOT_AN_OBJECT', userId);
  }
  const serverMetadata = { ...(metadata as Record<string, unknown> | null), managedProjectIds: projectIds };
  await tx.update(users).set({ serverMetadata }).where(eq(users.id, userId));
}

/** Makes an internal user an owner of a project; false when it already was one. */
export async function addOwnedProject(tx: DbWriter, userId: string, projectId: string): Promise<boolean> {
  const metadata = await readInternalUserMetadata(tx, userId);
  const owned = managedProjectIdsIn(metadata);
  if (owned.includes(projectId)) return false;
  await writeManagedProjectIds(tx, userId, metadata, [...owned, projectId]);
  return true;
}

/** Ends an internal user's ownership of a project; false when it was not an owner. */
export async function removeOwnedProject(tx: DbWriter, userId: string, projectId: string): Promise<boolean> {
  const metadata = await readInternalUserMetadata(tx, userId);
  const owned = managedProjectIdsIn(metadata);
  if (!owned.includes(projectId)) return false;
  await writeManagedProjectIds(
    tx,
    userId,
    metadata,
    owned.filter((id) => id !== projectId),
  );
  return true;
}

/** For project deletion: no owner keeps listing a project that is gone. */
export async function removeProjectFromEveryOwner(tx: DbWriter, projectId: string): Promise<void> {
  // The text match narrows the internal users to read; the JSON check below decides.
  const candidates = await tx
    .select({ id: users.id, serverMetadata: users.serverMetadata })
    .from(users)
    .where(and(eq(users.projectId, ownersProjectId), containsText(users.serverMetadata, projectId)));
  for (const candidate of candidates) {
    const owned = managedProjectIdsIn(candidate.serverMetadata);
    if (!owned.includes(projectId)) continue;
    await writeManagedProjectIds(
      tx,
      candidate.id,
      candidate.serverMetadata,
      owned.filter((id) => id !== projectId),
    );
  }
}
