// Users of a project: create, read, update, delete and list, with the primary email kept as a
// contact channel. Password and email rules live here, so the server API, the
// client's PATCH /users/me and the CLI all enforce them alike.
import { emailAddressKey } from '../../protocol/email-address-key';
import { and, asc, desc, eq, exists, gte, inArray, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import { contactChannels, passkeys, teamMembers, users } from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { UserCreate, UserListQuery, UserServerView, UserUpdate } from '../../protocol/user-schemas';
import { connectOAuthAccount } from './oauth-accounts';
import { checkPasswordLength, hashPassword, isSupportedPasswordHash } from '../credentials/password-hashing';
import { checkPasswordStrength } from '../credentials/password-policy';
import { dropRecoveryCodes } from '../credentials/recovery-codes';
import { sealTotpSecret } from '../credentials/totp-codes';
import { requireProject } from '../projects/projects';
import type { Db } from '../../../db/connection';
import type { Context } from '../storage/context';
import { prepared } from '../storage/prepared-queries';
import { requireMembership } from '../storage/team-queries';
import { sentTogether, writeTransaction, type DbWriter } from '../storage/transactions';
import { findAuthEmailChannel, findPrimaryEmailChannel, findUserRow, requireUserRow, type ChannelRow, type UserRow } from '../storage/user-queries';
import { enqueueWebhookEvent } from '../webhooks/webhook-events';
import { isClientProfileImage } from './profile-images';
import { replaceUserPassword } from './user-password';
import { readUserServerView, userServerViews } from './user-views';
import { recordAuditEvent } from '../audit/audit-log';
import { insertionOrderedId } from '../storage/dialect-sql';
import { foldForSearch, searchFilter } from './user-search';

// Every sign-up runs these two inserts; prepared once, they skip drizzle's query building, which
// cost more of a sign-up's main thread than SQLite's own work.
const placeholdersFor = <Names extends string>(names: readonly Names[]) =>
  Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as unknown as Record<Names, never>;

const insertUserRow = (db: Db) =>
  db
    .insert(users)
    .values(
      placeholdersFor([
        'id', 'projectId', 'displayName', 'displayNameFolded', 'profileImageUrl', 'clientMetadata', 'clientReadOnlyMetadata',
        'serverMetadata', 'signedUpAt', 'lastActiveAt', 'passwordHash', 'otpAuthEnabled', 'totpSecretBase64', 'locale',
        'requiresTotpMfa', 'externalId',
      ] as const),
    )
    .prepare();

const insertChannelRow = (db: Db) =>
  db
    .insert(contactChannels)
    .values(
      placeholdersFor([
        'id', 'projectId', 'userId', 'type', 'value', 'valueFolded', 'valueKey', 'isVerified', 'isPrimary', 'usedForAuth', 'createdAt',
      ] as const),
    )
    .prepare();

/**
 * What an import brings beside the create payload (users/ knows nothing of source formats): the
 * id to keep (authd's own export), the source's id, its times, the other email addresses, and
 * whether the source required the second factor of a TOTP secret it carried.
 */
export interface ImportedUserDetails {
  id?: string;
  externalId: string | null;
  signedUpAt: number;
  lastActiveAt: number;
  otherEmails: { value: string; verified: boolean; usedForAuth: boolean }[];
  requiresTotpMfa: boolean;
}

/**
 * Inserts a user and returns the id; what a new account gets beside the user row (the personal
 * team) is added by the caller's `alsoInTransaction`, in the same transaction (accounts/).
 * A new user never requires a second factor (a TOTP secret given here does not turn it on).
 * Password hashing is slow, so it happens before the transaction opens; the transaction then
 * checks and writes everything at once. Inside a caller's write transaction (sign-up, whose
 * session commits with the user) it joins that one: such a caller gives `password_hash`.
 */
export async function insertUser(
  ctx: Context,
  projectId: string,
  input: UserCreate,
  alsoInTransaction?: (tx: DbWriter, userId: string) => Promise<void>,
  imported?: ImportedUserDetails,
): Promise<string> {
  const passwordHash = await passwordHashFor(ctx, projectId, input, input.primary_email);
  const create = async (tx: DbWriter) => {
    // Independent statements are sent together (sentTogether): on PostgreSQL a transaction's
    // statements are pipelined on its one connection, so each group costs one round trip; on
    // SQLite they run one after the other as before. Only statements that need nothing of each
    // other go together: which of them the driver sends first is not fixed. A statement that
    // fails aborts the transaction, so the group fails and the transaction runs again or ends.
    const [project, emailTaken] = await sentTogether([
      requireProject(ctx, projectId),
      input.primary_email && input.primary_email_auth_enabled
        ? findAuthEmailChannel(ctx, projectId, input.primary_email).then((channel) => channel !== undefined)
        : false,
    ]);
    if (passwordHash && !project.credentialEnabled) throw plainTextError('PASSWORD_AUTH_NOT_ENABLED');
    if (input.otp_auth_enabled && !project.magicLinkEnabled) throw plainTextError('OTP_AUTH_NOT_ENABLED');
    if (input.passkey_auth_enabled) {
      throw plainTextError('PASSKEY_AUTH_NOT_SETTABLE');
    }
    checkPrimaryEmailFlags(input.primary_email ?? null, input);
    // Checked before the user row is written: that write takes the project's user-count row
    // (a trigger on PostgreSQL), which would otherwise queue concurrent sign-ups one behind the
    // other and hide the race this check's guards (SERIALIZABLE, the auth-email unique index)
    // are there for; and a refused sign-up then writes nothing at all.
    if (emailTaken) throw knownError('USER_EMAIL_ALREADY_EXISTS');

    const now = imported?.signedUpAt ?? ctx.clock.now();
    const id = imported?.id ?? crypto.randomUUID();
    await prepared(ctx, insertUserRow).run({
      id,
      projectId,
      displayName: input.display_name || null,
      displayNameFolded: foldForSearch(input.display_name || null),
      profileImageUrl: input.profile_image_url ?? null,
      locale: input.locale ?? null,
      clientMetadata: input.client_metadata ?? null,
      clientReadOnlyMetadata: input.client_read_only_metadata ?? null,
      serverMetadata: input.server_metadata ?? null,
      signedUpAt: now,
      lastActiveAt: imported?.lastActiveAt ?? now,
      passwordHash: passwordHash ?? null,
      otpAuthEnabled: input.otp_auth_enabled ?? false,
      // Stack stores a secret given at creation without turning the second factor on.
      totpSecretBase64: input.totp_secret_base64 == null ? null : sealTotpSecret(ctx, input.totp_secret_base64),
      // An imported user whose source required the code keeps requiring it.
      requiresTotpMfa: input.totp_secret_base64 != null && imported?.requiresTotpMfa === true,
      externalId: imported?.externalId ?? null,
    });
    // After the user row, which both name.
    const written: Promise<unknown>[] = [];
    written.push(recordAuditEvent(ctx, { projectId, type: 'user.created', userId: id, details: input.primary_email ? { email: input.primary_email } : {} }));
    if (input.primary_email) {
      written.push(
        insertPrimaryEmail(ctx, tx, projectId, id, input.primary_email, {
          verified: input.primary_email_verified ?? false,
          usedForAuth: input.primary_email_auth_enabled ?? false,
          now,
          newUser: true,
        }),
      );
    }
    await sentTogether(written);
    for (const email of imported?.otherEmails ?? []) {
      await insertOtherEmail(ctx, projectId, id, email, now);
    }
    for (const provider of input.oauth_providers ?? []) {
      // Sign-up through a provider and server imports alike (the `oauth_providers` field).
      await connectOAuthAccount(ctx, tx, projectId, id, {
        providerId: provider.id,
        providerAccountId: provider.account_id,
        email: provider.email ?? null,
      });
    }
    await enqueueWebhookEvent(ctx, tx, projectId, 'user.created', async () => await readUserServerView(ctx, projectId, id));
    await alsoInTransaction?.(tx, id);
    return id;
  };
  return await writeTransaction(ctx, create);
}

/**
 * Fields of the user's own row that no rule relates to any other row or to the project's
 * settings: an update of only these is one UPDATE, which also finds (and locks) the user.
 */
const ownRowFields = new Set(['display_name', 'profile_image_url', 'locale', 'client_metadata', 'client_read_only_metadata', 'server_metadata']);

function ownRowChanges(input: UserUpdate): Partial<UserRow> {
  const changes: Partial<UserRow> = {};
  if (input.display_name !== undefined) {
    changes.displayName = input.display_name || null;
    changes.displayNameFolded = foldForSearch(changes.displayName);
  }
  if (input.profile_image_url !== undefined) changes.profileImageUrl = input.profile_image_url;
  if (input.locale !== undefined) changes.locale = input.locale;
  if (input.client_metadata !== undefined) changes.clientMetadata = input.client_metadata;
  if (input.client_read_only_metadata !== undefined) changes.clientReadOnlyMetadata = input.client_read_only_metadata;
  if (input.server_metadata !== undefined) changes.serverMetadata = input.server_metadata;
  return changes;
}

/**
 * The common update (metadata, a name): the UPDATE finds the user of the project and locks its
 * row, so nothing else is read; on PostgreSQL it runs at READ COMMITTED (the `row-locks`
 * guard): concurrent updates of different users never collide, and two of the same user apply
 * one after the other, the later one winning, as on SQLite. undefined when `input` asks for more.
 */
async function updateOwnRowFields(ctx: Context, projectId: string, userId: string, input: UserUpdate): Promise<UserServerView | undefined> {
  const fields = Object.entries(input).filter(([, value]) => value !== undefined).map(([field]) => field);
  if (fields.length === 0 || !fields.every((field) => ownRowFields.has(field))) return undefined;
  await writeTransaction(
    ctx,
    async (tx) => {
      // Sent together (see insertUser): the UPDATE and the event's read of the project's
      // endpoints. The event's payload, the user's view, is read once the UPDATE has answered,
      // so it shows the change; with no such user the event is rolled back with the rest.
      const updating = Promise.resolve(
        tx
          .update(users)
          .set(ownRowChanges(input))
          .where(and(eq(users.id, userId), eq(users.projectId, projectId)))
          .returning({ id: users.id }),
      );
      const [updated] = await sentTogether([
        updating,
        enqueueWebhookEvent(ctx, tx, projectId, 'user.updated', async () => {
          await updating;
          return await readUserServerView(ctx, projectId, userId);
        }),
      ]);
      if (updated.length === 0) throw knownError('USER_NOT_FOUND');
    },
    'row-locks',
  );
  return await readUserServerView(ctx, projectId, userId);
}

export async function updateUser(ctx: Context, projectId: string, userId: string, input: UserUpdate): Promise<UserServerView> {
  const ownRowOnly = await updateOwnRowFields(ctx, projectId, userId, input);
  if (ownRowOnly) return ownRowOnly;
  const email = input.password ? (input.primary_email ?? (await findPrimaryEmailChannel(ctx.db, userId))?.value) : undefined;
  const passwordHash = await passwordHashFor(ctx, projectId, input, email);
  await writeTransaction(ctx, async (tx) => {
    const project = await requireProject(ctx, projectId);
    const row = await requireUserRow(tx, projectId, userId);
    const changes = ownRowChanges(input);
    // Stack ignores enabling OTP on update while the project has it off.
    if (input.otp_auth_enabled !== undefined && (project.magicLinkEnabled || !input.otp_auth_enabled)) {
      changes.otpAuthEnabled = input.otp_auth_enabled;
    }
    if (input.passkey_auth_enabled === true) {
      throw plainTextError('PASSKEY_AUTH_NOT_SETTABLE');
    }
    // Passkey sign-in is on exactly while the user has a passkey, so turning it off removes them all.
    if (input.passkey_auth_enabled === false) await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    if (input.totp_secret_base64 !== undefined) {
      // A secret turns the second factor on, null turns it off; a new secret starts
      // a new replay history.
      const enabling = input.totp_secret_base64 !== null;
      changes.totpSecretBase64 = enabling ? sealTotpSecret(ctx, input.totp_secret_base64!) : null;
      changes.requiresTotpMfa = enabling;
      changes.totpLastUsedStep = null;
      if (!enabling) await dropRecoveryCodes(tx, projectId, userId);
      // Setting a new secret while on is a change of authenticator, still "enabled".
      await recordAuditEvent(ctx, { projectId, type: enabling ? 'mfa.enabled' : 'mfa.disabled', userId });
    }
    if (input.selected_team_id !== undefined) {
      if (input.selected_team_id !== null) await requireMembership(tx, projectId, input.selected_team_id, userId);
      changes.selectedTeamId = input.selected_team_id;
    }
    if (passwordHash !== null && passwordHash !== undefined && !project.credentialEnabled) {
      throw plainTextError('PASSWORD_AUTH_NOT_ENABLED');
    }
    if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, row.id));
    await applyPrimaryEmailUpdate(ctx, tx, projectId, userId, input);
    // Last, so its user.updated carries every change of this update; it ends all the user's
    // sessions (an update by the server or the CLI keeps none).
    if (passwordHash !== undefined) await replaceUserPassword(ctx, tx, projectId, userId, passwordHash);
    else await enqueueWebhookEvent(ctx, tx, projectId, 'user.updated', async () => await readUserServerView(ctx, projectId, userId));
  });
  return await readUserServerView(ctx, projectId, userId);
}

/** A signed-in user changing themselves: the server's update with the client's extra rules. */
export async function updateUserAsClient(ctx: Context, projectId: string, userId: string, input: UserUpdate): Promise<UserServerView> {
  if (typeof input.profile_image_url === 'string' && !isClientProfileImage(input.profile_image_url)) {
    throw plainTextError('INVALID_PROFILE_IMAGE_URL');
  }
  return await updateUser(ctx, projectId, userId, input);
}

/** A signed-in user deleting their own account, which the project must allow. */
export async function deleteUserAsClient(ctx: Context, projectId: string, userId: string): Promise<void> {
  if (!(await requireProject(ctx, projectId)).clientUserDeletionEnabled) {
    throw plainTextError('CLIENT_USER_DELETION_DISABLED');
  }
  await deleteUser(ctx, projectId, userId);
}

export async function deleteUser(ctx: Context, projectId: string, userId: string): Promise<void> {
  await writeTransaction(ctx, async (tx) => {
    await requireUserRow(tx, projectId, userId);
    // Stack's user.deleted payload: the id and the teams the user was in (no membership events).
    await enqueueWebhookEvent(ctx, tx, projectId, 'user.deleted', async () => ({
      id: userId,
      teams: await tx.select({ id: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId)),
    }));
    // Contact channels and refresh tokens cascade, which also ends every session.
    await tx.delete(users).where(eq(users.id, userId));
    await recordAuditEvent(ctx, { projectId, type: 'user.deleted', userId });
  });
}

export interface UserPage {
  items: UserServerView[];
  nextCursor: string | null;
}

/** Lists users by sign-up time; `cursor` is the id of the first user of the page. */
export async function listUsers(ctx: Context, projectId: string, query: UserListQuery): Promise<UserPage> {
  const descending = query.desc === true;
  const search = query.query ? await searchFilter(ctx, projectId, query.query) : undefined;
  // With few candidates, the unary + keeps SQLite from reading the project's users through the
  // list-order index (it then looks the candidates up by id and sorts them).
  const conditions: SQL[] = [search?.fewCandidates ? sql`+${users.projectId} = ${projectId}` : eq(users.projectId, projectId)];
  if (query.team_id !== undefined) {
    const members = ctx.db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.teamId, query.team_id)));
    conditions.push(inArray(users.id, members));
  }
  if (search) conditions.push(or(eq(users.id, query.query!), search.condition)!);
  // The sign-up bounds narrow the (project, signed_up_at, id) index the list is read through;
  // the other two are checked on the rows it yields, so a page needs as many rows as it skips.
  if (query.signed_up_after !== undefined) conditions.push(gte(users.signedUpAt, query.signed_up_after));
  if (query.signed_up_before !== undefined) conditions.push(lt(users.signedUpAt, query.signed_up_before));
  if (query.requires_totp_mfa !== undefined) conditions.push(eq(users.requiresTotpMfa, query.requires_totp_mfa));
  if (query.primary_email_verified !== undefined) {
    const verifiedPrimary = ctx.db
      .select({ one: sql`1` })
      .from(contactChannels)
      .where(and(eq(contactChannels.userId, users.id), eq(contactChannels.isPrimary, true), eq(contactChannels.isVerified, true)));
    conditions.push(query.primary_email_verified ? exists(verifiedPrimary) : notExists(verifiedPrimary));
  }
  if (query.cursor) {
    const cursorRow = await findUserRow(ctx.db, projectId, query.cursor);
    if (!cursorRow) throw knownError('SCHEMA_ERROR', `The cursor ${query.cursor} does not name a user of this project.`);
    // One row-value comparison, which SQLite answers with a seek in the (project, signed_up_at,
    // id) index; the same test spelled with OR made it scan every row before the cursor.
    const from = descending ? sql`<=` : sql`>=`;
    conditions.push(sql`(${users.signedUpAt}, ${users.id}) ${from} (${cursorRow.signedUpAt}, ${cursorRow.id})`);
  }
  const order = descending ? [desc(users.signedUpAt), desc(users.id)] : [asc(users.signedUpAt), asc(users.id)];
  let statement = ctx.db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(...order)
    .$dynamic();
  if (query.limit !== undefined) statement = statement.limit(query.limit + 1);
  const rows = await statement;
  const nextRow = query.limit !== undefined && rows.length > query.limit ? rows.pop() : undefined;

  return { items: await userServerViews(ctx.db, rows), nextCursor: nextRow?.id ?? null };
}

async function channelsOf(db: DbWriter, userId: string): Promise<ChannelRow[]> {
  return await db.select().from(contactChannels).where(eq(contactChannels.userId, userId));
}

/**
 * The hash to store for a create or update: from `password` (checked by the length rules and the
 * project's strength check against `email`), or a given `password_hash`.
 */
async function passwordHashFor(
  ctx: Context,
  projectId: string,
  input: { password?: string | null; password_hash?: string },
  email: string | null | undefined,
): Promise<string | null | undefined> {
  if (input.password !== undefined && input.password_hash !== undefined) {
    throw plainTextError('PASSWORD_AND_HASH_BOTH_GIVEN');
  }
  if (input.password_hash !== undefined) {
    if (!isSupportedPasswordHash(input.password_hash)) {
      throw plainTextError('UNSUPPORTED_PASSWORD_HASH');
    }
    return input.password_hash;
  }
  if (input.password === undefined) return undefined;
  if (input.password === null) return null;
  checkPasswordLength(input.password, { requireMinimum: false });
  const project = await requireProject(ctx, projectId);
  await checkPasswordStrength(input.password, { enabled: project.passwordStrengthCheck, email });
  return hashPassword(input.password);
}

/** A further address of an imported user, after its primary one (same creation time, later rowid). */
async function insertOtherEmail(
  ctx: Context,
  projectId: string,
  userId: string,
  email: ImportedUserDetails['otherEmails'][number],
  now: number,
): Promise<void> {
  if (email.usedForAuth && (await isAuthEmailOfAnotherUser(ctx, projectId, userId, email.value))) {
    throw knownError('CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE', 'email');
  }
  await prepared(ctx, insertChannelRow).run({
    id: insertionOrderedId(),
    projectId,
    userId,
    type: 'email',
    value: email.value,
    valueFolded: foldForSearch(email.value)!,
    valueKey: emailAddressKey(email.value),
    isVerified: email.verified,
    isPrimary: false,
    usedForAuth: email.usedForAuth,
    createdAt: now,
  });
}

function checkPrimaryEmailFlags(
  email: string | null,
  input: { primary_email_verified?: boolean; primary_email_auth_enabled?: boolean },
): void {
  if (email !== null) return;
  if (input.primary_email_auth_enabled)
    throw plainTextError('PRIMARY_EMAIL_AUTH_WITHOUT_EMAIL');
  if (input.primary_email_verified) throw plainTextError('PRIMARY_EMAIL_VERIFIED_WITHOUT_EMAIL');
}

async function insertPrimaryEmail(
  ctx: Context,
  tx: DbWriter,
  projectId: string,
  userId: string,
  email: string,
  options: { verified: boolean; usedForAuth: boolean; now: number; newUser: boolean },
): Promise<void> {
  // A new user's address was checked by insertUser before its row was written.
  if (options.usedForAuth && !options.newUser && (await isAuthEmailOfAnotherUser(ctx, projectId, userId, email))) {
    throw knownError('USER_EMAIL_ALREADY_EXISTS');
  }
  const channel = {
    id: insertionOrderedId(),
    projectId,
    userId,
    type: 'email' as const,
    value: email,
    valueFolded: foldForSearch(email)!,
    valueKey: emailAddressKey(email),
    isVerified: options.verified,
    isPrimary: true,
    usedForAuth: options.usedForAuth,
    createdAt: options.now,
  };
  // A user created in this transaction has no channel yet: nothing to demote, nothing to merge.
  if (options.newUser) {
    await prepared(ctx, insertChannelRow).run(channel);
    return;
  }
  await tx.update(contactChannels).set({ isPrimary: false }).where(eq(contactChannels.userId, userId));
  // A channel of the user's with the same address in other letter case is that address: it takes
  // the new spelling, so the insert below finds it and updates it instead of adding a twin.
  await tx
    .update(contactChannels)
    .set({ value: email, valueFolded: channel.valueFolded })
    .where(and(eq(contactChannels.userId, userId), eq(contactChannels.type, 'email'), eq(contactChannels.valueKey, channel.valueKey)));
  await tx
    .insert(contactChannels)
    .values(channel)
    .onConflictDoUpdate({
      target: [contactChannels.userId, contactChannels.type, contactChannels.value],
      set: { isPrimary: true, isVerified: options.verified, usedForAuth: options.usedForAuth },
    });
}

/** Whether another user of the project already signs in with `email`. */
export async function isAuthEmailOfAnotherUser(ctx: Context, projectId: string, userId: string, email: string): Promise<boolean> {
  const channel = await findAuthEmailChannel(ctx, projectId, email);
  return channel !== undefined && channel.userId !== userId;
}

async function applyPrimaryEmailUpdate(ctx: Context, tx: DbWriter, projectId: string, userId: string, input: UserUpdate): Promise<void> {
  const current = (await channelsOf(tx, userId)).find((c) => c.type === 'email' && c.isPrimary);
  const email = input.primary_email === undefined ? (current?.value ?? null) : input.primary_email;
  checkPrimaryEmailFlags(email, input);
  if (input.primary_email === null) {
    if (current) await tx.delete(contactChannels).where(eq(contactChannels.id, current.id));
    return;
  }
  if (email === null) return;
  // The same address in other letter case keeps its verification; only its spelling changes.
  const changedAddress = current === undefined || emailAddressKey(email) !== current.valueKey;
  const respelled = email !== current?.value;
  const verified = input.primary_email_verified ?? (changedAddress ? false : (current?.isVerified ?? false));
  const usedForAuth = input.primary_email_auth_enabled ?? current?.usedForAuth ?? false;
  if (!respelled && verified === current?.isVerified && usedForAuth === current?.usedForAuth) return;
  if (changedAddress && current) await tx.delete(contactChannels).where(eq(contactChannels.id, current.id));
  await insertPrimaryEmail(ctx, tx, projectId, userId, email, { verified, usedForAuth, now: ctx.clock.now(), newUser: false });
}
