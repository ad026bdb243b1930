// The user lookups every request makes, as statements prepared once per connection, and the
// caches in front of them. Rules about users live in core/users; this is only how rows are read.
import { emailAddressKey } from '../../protocol/email-address-key';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection';
import { contactChannels, users } from './tables';
import { knownError } from '../../protocol/known-errors';
import type { Context } from './context';
import { prepared } from './prepared-queries';
import type { DbWriter } from './transactions';
import { WriteInvalidatedCache } from './write-invalidated-cache';
import { firstRow } from './query-results';

export type UserRow = typeof users.$inferSelect;
export type ChannelRow = typeof contactChannels.$inferSelect;

const selectUserIdById = (db: Db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare();

// Asked on every request that carries an access token (a deleted user's token means no user).
const userExistence = new WriteInvalidatedCache<boolean>(10_000);

export async function userExists(ctx: Context, userId: string): Promise<boolean> {
  return await userExistence.get(ctx, userId, async () => (await prepared(ctx, selectUserIdById).get({ id: userId })) !== undefined);
}

// A user is looked up by its id alone, and its project checked here rather than in the WHERE:
// with both in the query, PostgreSQL without fresh statistics reads the row through the
// (project, external id) index, walking every user of the project, and at SERIALIZABLE those
// reads lock the pages of all of them, so any two concurrent writes of different users of the
// project collided and one was run again. By the primary key only the one row is read.
export async function findUserRow(db: DbWriter, projectId: string, userId: string): Promise<UserRow | undefined> {
  return userOfProject(firstRow(await db.select().from(users).where(eq(users.id, userId)).limit(1)), projectId);
}

export async function requireUserRow(db: DbWriter, projectId: string, userId: string): Promise<UserRow> {
  const row = await findUserRow(db, projectId, userId);
  if (!row) throw knownError('USER_NOT_FOUND');
  return row;
}

/** By id alone, as findUserRow; the caller checks the project (userOfProject). */
export const selectUserById = (db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare();

/** The row selectUserById read, if it belongs to the project. */
export const userOfProject = (row: UserRow | undefined, projectId: string): UserRow | undefined =>
  row?.projectId === projectId ? row : undefined;
export const selectChannelsOfUser = (db: Db) =>
  db
    .select()
    .from(contactChannels)
    .where(eq(contactChannels.userId, sql.placeholder('userId')))
    .prepare();

// A key has one sign-in channel per project, except where migration 0020 found addresses that
// differ only in case (key_clash): there the one spelled exactly as typed wins, then the oldest.
const byExactSpellingThenAge = () => [
  sql`CASE WHEN ${contactChannels.value} = ${sql.placeholder('email')} THEN 0 ELSE 1 END`,
  contactChannels.createdAt,
];

/** The project's email channel that signs in with the `key` placeholder's address. */
const isAuthEmailChannel = () =>
  and(
    eq(contactChannels.projectId, sql.placeholder('projectId')),
    eq(contactChannels.type, 'email'),
    eq(contactChannels.valueKey, sql.placeholder('key')),
    eq(contactChannels.usedForAuth, true),
  );

const selectAuthEmailChannel = (db: Db) =>
  db.select().from(contactChannels).where(isAuthEmailChannel()).orderBy(...byExactSpellingThenAge()).limit(1).prepare();

/**
 * The email channel that signs in with `email` in the project, whatever the case of its letters.
 * prepared() picks the transaction's connection inside a writeTransaction, so it reads within it.
 */
export async function findAuthEmailChannel(ctx: Context, projectId: string, email: string): Promise<ChannelRow | undefined> {
  return await prepared(ctx, selectAuthEmailChannel).get({ projectId, email, key: emailAddressKey(email) });
}

// Every sign-in asks this; built per call, its two queries took 0.4 ms of the server's only
// JavaScript thread per sign-in.
const selectUserByAuthEmail = (db: Db) =>
  db
    .select(getTableColumns(users))
    .from(contactChannels)
    .innerJoin(users, and(eq(users.id, contactChannels.userId), eq(users.projectId, contactChannels.projectId)))
    .where(isAuthEmailChannel())
    .orderBy(...byExactSpellingThenAge())
    .limit(1)
    .prepare();

/**
 * The user that may sign in with this email: the owner of the channel findAuthEmailChannel
 * finds. prepared() picks the transaction's connection inside a writeTransaction, so it reads within it.
 */
export async function findUserByAuthEmail(ctx: Context, projectId: string, email: string): Promise<UserRow | undefined> {
  return await prepared(ctx, selectUserByAuthEmail).get({ projectId, email, key: emailAddressKey(email) });
}

export async function findPrimaryEmailChannel(db: DbWriter, userId: string): Promise<ChannelRow | undefined> {
  return firstRow(
    await db
      .select()
      .from(contactChannels)
      .where(and(eq(contactChannels.userId, userId), eq(contactChannels.type, 'email'), eq(contactChannels.isPrimary, true)))
      .limit(1),
  );
}
