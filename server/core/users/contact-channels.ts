// A user's contact channels: email addresses, which one is primary, which
// are verified and which may be used to sign in. An address signs in to at most one account of
// a project.
import { emailAddressKey } from '../../protocol/email-address-key';
import { and, asc, eq } from 'drizzle-orm';
import { contactChannels } from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { sendEmailVerificationCode } from './email-verification';
import type { RequestOrigin } from '../credentials/rate-limits';
import { writeTransaction, type DbWriter } from '../storage/transactions';
import { findUserRow } from '../storage/user-queries';
import { isAuthEmailOfAnotherUser } from './users';
import { foldForSearch } from './user-search';
import { recordAuditEvent } from '../audit/audit-log';
import { firstRow } from '../storage/query-results';
import { insertionOrder, insertionOrderedId } from '../storage/dialect-sql';

type ChannelRow = typeof contactChannels.$inferSelect;

export interface ContactChannelView {
  user_id: string;
  id: string;
  value: string;
  type: 'email';
  used_for_auth: boolean;
  is_verified: boolean;
  is_primary: boolean;
}

export interface ContactChannelInput {
  value?: string;
  type?: 'email';
  used_for_auth?: boolean;
  is_primary?: boolean;
  /** Server access only; the route refuses it from clients. */
  is_verified?: boolean;
}

function view(row: ChannelRow): ContactChannelView {
  return {
    user_id: row.userId,
    id: row.id,
    value: row.value,
    type: row.type,
    used_for_auth: row.usedForAuth,
    is_verified: row.isVerified,
    is_primary: row.isPrimary,
  };
}

async function requireUserOfProject(db: DbWriter, projectId: string, userId: string): Promise<void> {
  if (!await findUserRow(db, projectId, userId)) throw knownError('USER_ID_DOES_NOT_EXIST', userId);
}

async function findChannel(db: DbWriter, projectId: string, userId: string, channelId: string): Promise<ChannelRow | undefined> {
  return firstRow(
    await db
      .select()
      .from(contactChannels)
      .where(and(eq(contactChannels.projectId, projectId), eq(contactChannels.userId, userId), eq(contactChannels.id, channelId)))
      .limit(1),
  );
}

async function findChannelByValue(db: DbWriter, userId: string, value: string): Promise<ChannelRow | undefined> {
  return firstRow(
    await db
      .select()
      .from(contactChannels)
      .where(and(eq(contactChannels.userId, userId), eq(contactChannels.type, 'email'), eq(contactChannels.valueKey, emailAddressKey(value))))
      .limit(1),
  );
}

async function refuseAuthValueOfSomeoneElse(ctx: Context, projectId: string, userId: string, value: string): Promise<void> {
  if (await isAuthEmailOfAnotherUser(ctx, projectId, userId, value)) {
    throw knownError('CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE', 'email');
  }
}

export async function listContactChannels(ctx: Context, projectId: string, userId: string, channelId?: string): Promise<ContactChannelView[]> {
  await requireUserOfProject(ctx.db, projectId, userId);
  return (
    (
      await ctx.db
        .select()
        .from(contactChannels)
        .where(and(eq(contactChannels.userId, userId), channelId ? eq(contactChannels.id, channelId) : undefined))
        // rowid keeps creation order among channels created within the same millisecond.
        .orderBy(asc(contactChannels.createdAt), insertionOrder(contactChannels, contactChannels.id))
    ).map(view)
  );
}

export async function readContactChannel(ctx: Context, projectId: string, userId: string, channelId: string): Promise<ContactChannelView> {
  const row = await findChannel(ctx.db, projectId, userId, channelId);
  if (!row) throw plainTextError('CONTACT_CHANNEL_NOT_FOUND_FOR_READ');
  return view(row);
}

export async function createContactChannel(
  ctx: Context,
  projectId: string,
  userId: string,
  input: Required<Pick<ContactChannelInput, 'value' | 'used_for_auth'>> & ContactChannelInput,
): Promise<ContactChannelView> {
  const row: ChannelRow = {
    id: insertionOrderedId(),
    projectId,
    userId,
    type: 'email',
    value: input.value,
    valueFolded: foldForSearch(input.value)!,
    valueKey: emailAddressKey(input.value),
    keyClash: false,
    isVerified: input.is_verified ?? false,
    isPrimary: input.is_primary ?? false,
    usedForAuth: input.used_for_auth,
    createdAt: ctx.clock.now(),
  };
  await writeTransaction(ctx, async (tx) => {
    await requireUserOfProject(tx, projectId, userId);
    if (await findChannelByValue(tx, userId, input.value)) throw plainTextError('CONTACT_CHANNEL_ALREADY_EXISTS');
    if (input.used_for_auth) await refuseAuthValueOfSomeoneElse(ctx, projectId, userId, input.value);
    if (input.is_primary) await tx.update(contactChannels).set({ isPrimary: false }).where(eq(contactChannels.userId, userId));
    await tx.insert(contactChannels).values(row);
    await recordAuditEvent(ctx, { projectId, type: 'email.added', userId, details: { email: row.value, is_primary: row.isPrimary } });
  });
  return view(row);
}

export async function updateContactChannel(
  ctx: Context,
  projectId: string,
  userId: string,
  channelId: string,
  input: ContactChannelInput,
  /** Called before the primary email changes (another address made primary, or the primary's value). */
  beforePrimaryEmailChange?: () => Promise<void>,
): Promise<ContactChannelView> {
  return await writeTransaction(ctx, async (tx) => {
    const row = await findChannel(tx, projectId, userId, channelId);
    if (!row) throw plainTextError('CONTACT_CHANNEL_NOT_FOUND_FOR_CHANGE');
    const value = input.value ?? row.value;
    // Only another address needs recent authentication: the same address in other letter case is
    // still the one the user proved.
    const becomesPrimary = input.is_primary === true && !row.isPrimary;
    const primaryAddressChanges = row.isPrimary && input.is_primary !== false && emailAddressKey(value) !== row.valueKey;
    if (becomesPrimary || primaryAddressChanges) await beforePrimaryEmailChange?.();
    // Respelling the address in other letter case finds the channel itself, which is no clash.
    const sameAddress = value === row.value ? undefined : await findChannelByValue(tx, userId, value);
    if (sameAddress && sameAddress.id !== row.id) throw plainTextError('CONTACT_CHANNEL_ALREADY_EXISTS');
    const usedForAuth = input.used_for_auth ?? row.usedForAuth;
    if (usedForAuth) await refuseAuthValueOfSomeoneElse(ctx, projectId, userId, value);
    if (input.is_primary) await tx.update(contactChannels).set({ isPrimary: false }).where(eq(contactChannels.userId, userId));
    // A new address is unverified unless the server says otherwise; the same address in other
    // letter case is still the address that was verified.
    const changedValue = value !== row.value;
    const changedAddress = emailAddressKey(value) !== row.valueKey;
    const changes = {
      value,
      valueFolded: foldForSearch(value)!,
      valueKey: emailAddressKey(value),
      // A clash is settled by changing the address; the unique index then holds it like any other.
      keyClash: changedAddress ? false : row.keyClash,
      usedForAuth,
      isPrimary: input.is_primary ?? row.isPrimary,
      isVerified: input.is_verified ?? (changedAddress ? false : row.isVerified),
    };
    await tx.update(contactChannels).set(changes).where(eq(contactChannels.id, row.id));
    if (changedValue || changes.isPrimary !== row.isPrimary || changes.usedForAuth !== row.usedForAuth) {
      await recordAuditEvent(ctx, {
        projectId,
        type: 'email.changed',
        userId,
        details: { from: row.value, email: value, is_primary: changes.isPrimary, used_for_auth: usedForAuth },
      });
    }
    return view({ ...row, ...changes });
  });
}

export async function deleteContactChannel(ctx: Context, projectId: string, userId: string, channelId: string): Promise<void> {
  return await writeTransaction(ctx, async (tx) => {
    const row = await findChannel(tx, projectId, userId, channelId);
    if (!row) throw plainTextError('CONTACT_CHANNEL_NOT_FOUND_FOR_CHANGE');
    await tx.delete(contactChannels).where(eq(contactChannels.id, row.id));
    await recordAuditEvent(ctx, { projectId, type: 'email.removed', userId, details: { email: row.value } });
  });
}

export async function sendContactChannelVerificationCode(
  ctx: Context,
  projectId: string,
  userId: string,
  channelId: string,
  callbackUrl: string,
  origin: RequestOrigin,
): Promise<void> {
  await requireUserOfProject(ctx.db, projectId, userId);
  const row = await findChannel(ctx.db, projectId, userId, channelId);
  if (!row) throw plainTextError('CONTACT_CHANNEL_NOT_FOUND_FOR_VERIFICATION');
  await sendEmailVerificationCode(ctx, projectId, row, callbackUrl, origin);
}
