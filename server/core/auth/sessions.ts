// Sessions: an opaque refresh token (stored as a SHA-256 digest) from which short-lived access
// tokens are issued. It is never rotated unless the project turns rotation on: then each refresh
// hands out a new one, and presenting a replaced one ends every token of that sign-in, except
// within a short grace window after it was replaced (a browser's tabs racing their refreshes),
// which answers the very token that replaced it. A session ended here is also put on the
// revocation list, so its access tokens stop working at once.
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import type { Db } from '../../../db/connection';
import { refreshTokens, users } from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import { issueAccessToken, signAccessToken, type ActorClaim } from './access-tokens';
import { recordUserActivity } from '../users/user-activity';
import { isValidApiKey } from '../projects/api-keys';
import type { Context } from '../storage/context';
import { prepared } from '../storage/prepared-queries';
import { sentTogether, writeTransaction, type Tx } from '../storage/transactions';
import { findProjectRow, projectExists } from '../projects/projects';
import { crockfordString, randomCrockfordString, sha256Hex } from '../credentials/random-tokens';
import { findUserRow } from '../storage/user-queries';
import { refuseBannedUser } from '../users/user-ban-state';
import { recordAuditEvent } from '../audit/audit-log';
import { currentAuditOrigin } from '../audit/audit-origin';
import { recordSessionRevocations } from '../credentials/session-revocations';

export const defaultSessionLifetimeMillis = 365 * 24 * 60 * 60 * 1000;
export const maxSessionLifetimeMillis = 367 * 24 * 60 * 60 * 1000;
/** Longer user agents are cut: an unauthenticated sign-in must not make the server store 12 KB. */
export const maxStoredUserAgentLength = 300;

export interface SessionTokens {
  access_token: string;
  refresh_token: string;
}

/** `POST /auth/sessions`: a session for a user named by the server, who may not exist. */
export async function createSession(
  ctx: Context,
  projectId: string,
  userId: string,
  expiresInMillis: number = defaultSessionLifetimeMillis,
): Promise<SessionTokens> {
  const user = await findUserRow(ctx.db, projectId, userId);
  if (!user) throw knownError('USER_ID_DOES_NOT_EXIST', userId);
  refuseBannedUser(user, ctx.clock.now());
  // The caller is the app's server, not the user's device: its address says nothing useful.
  return await startSession(ctx, projectId, userId, expiresInMillis, undefined, { recordOrigin: false });
}

const insertRefreshToken = (db: Db) =>
  db
    .insert(refreshTokens)
    .values({
      id: sql.placeholder('id') as unknown as string,
      projectId: sql.placeholder('projectId') as unknown as string,
      userId: sql.placeholder('userId') as unknown as string,
      tokenHash: sql.placeholder('tokenHash') as unknown as string,
      createdAt: sql.placeholder('createdAt') as unknown as number,
      expiresAt: sql.placeholder('expiresAt') as unknown as number,
      verifiedAt: sql.placeholder('createdAt') as unknown as number,
      lastUsedAt: sql.placeholder('lastUsedAt') as unknown as number,
      lastUsedIp: sql.placeholder('lastUsedIp') as unknown as string,
      lastUsedUserAgent: sql.placeholder('lastUsedUserAgent') as unknown as string,
      actor: sql.placeholder('actor') as unknown as string,
    })
    .prepare();

/** A session for a user the caller has just read (a sign-in), so the user is not read again. */
export async function startSession(
  ctx: Context,
  projectId: string,
  userId: string,
  expiresInMillis: number = defaultSessionLifetimeMillis,
  /** Writes that belong with the new session (its sign-in's audit event), in its transaction. */
  alongside?: (tx: Tx) => Promise<void> | void,
  options: SessionOptions = { recordOrigin: true },
): Promise<SessionTokens> {
  const now = ctx.clock.now();
  // Sent together: one round trip on PostgreSQL (see insertUser).
  const session = await writeTransaction(ctx, async (tx) => {
    const [inserted] = await sentTogether([insertSession(ctx, projectId, userId, now, expiresInMillis, options), alongside?.(tx)]);
    return inserted;
  });
  return {
    access_token: await signAccessToken(ctx, projectId, userId, now, session.sessionId, options.actor ?? null),
    refresh_token: session.refreshToken,
  };
}

export interface SessionOptions {
  /** Whether the request's device and address are the session's first use (the user's own sign-in). */
  recordOrigin: boolean;
  /** An impersonation session's actor, named by every access token it issues. */
  actor?: ActorClaim;
}

export interface InsertedSession {
  refreshToken: string;
  /** What its access tokens name in `sid`. */
  sessionId: string;
}

/**
 * A new session's rows, inside the caller's write transaction: its refresh token, returned, and
 * the user's activity, which the access token the caller signs for it (at `now`) counts as.
 * Signing in proves a factor, so the session starts recently verified. A user's own sign-in also
 * records the device and address it came from (the request's), shown in their list of sessions.
 */
export async function insertSession(
  ctx: Context,
  projectId: string,
  userId: string,
  now: number,
  expiresInMillis: number = defaultSessionLifetimeMillis,
  options: SessionOptions = { recordOrigin: true },
): Promise<InsertedSession> {
  const refreshToken = randomCrockfordString(45);
  const sessionId = crypto.randomUUID();
  const origin = options.recordOrigin ? currentAuditOrigin() : null;
  const userAgent = origin?.userAgent ?? null;
  const tokenWritten = prepared(ctx, insertRefreshToken).run({
    id: sessionId,
    projectId,
    userId,
    tokenHash: sha256Hex(refreshToken),
    createdAt: now,
    expiresAt: now + Math.min(expiresInMillis, maxSessionLifetimeMillis),
    lastUsedAt: origin ? now : null,
    lastUsedIp: origin?.ip() ?? null,
    lastUsedUserAgent: userAgent?.slice(0, maxStoredUserAgentLength) ?? null,
    actor: options.actor ? JSON.stringify(options.actor) : null,
  });
  // Sent together with the token (after it): one round trip on PostgreSQL (see insertUser).
  await sentTogether([tokenWritten, recordUserActivity(ctx, userId, now)]);
  return { refreshToken, sessionId };
}

const selectRefreshToken = (db: Db) =>
  db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      expiresAt: refreshTokens.expiresAt,
      sessionId: refreshTokens.sessionId,
      replacedAt: refreshTokens.replacedAt,
      lastUsedAt: refreshTokens.lastUsedAt,
      lastUsedIp: refreshTokens.lastUsedIp,
      lastUsedUserAgent: refreshTokens.lastUsedUserAgent,
      verifiedAt: refreshTokens.verifiedAt,
      actor: refreshTokens.actor,
      // The user's ban, read with the token (not from a per-instance cache another instance's
      // ban does not empty): one statement on the refresh path.
      bannedAt: users.bannedAt,
      bannedUntil: users.bannedUntil,
    })
    .from(refreshTokens)
    .leftJoin(users, eq(users.id, refreshTokens.userId))
    .where(
      and(eq(refreshTokens.projectId, sql.placeholder('projectId')), eq(refreshTokens.tokenHash, sql.placeholder('tokenHash'))),
    )
    .prepare();

/**
 * How long a replaced token is kept to recognise its reuse. A copy used later than this (a token
 * stolen long ago) is simply unknown, which refuses it too.
 */
const replacedTokenMemoryMillis = 24 * 60 * 60 * 1000;

/**
 * For this long after a rotation, the replaced token still refreshes, answering the token that
 * replaced it (the same one every time): the tabs of one browser refreshing at once all end up
 * with the one new token, and the family never forks. After it, a reuse ends the family.
 */
export const refreshTokenReuseGraceMillis = 10_000;

/**
 * The token that replaces `refreshToken` at its rotation: derived from it with the instance
 * key, so every refresh racing with the same token, on any instance, hands out the same one
 * without storing it anywhere readable. 45 characters of a MAC, as random as a drawn token.
 */
function successorToken(ctx: Pick<Context, 'secretKey'>, refreshToken: string): string {
  const mac = createHmac('sha512', ctx.secretKey).update('authd refresh token successor\0').update(refreshToken).digest();
  return crockfordString(mac.subarray(0, 45));
}

/** The stored actor of an impersonation session, as its tokens' `act` claim. */
function actorOf(stored: string | null): ActorClaim | null {
  return stored === null ? null : (JSON.parse(stored) as ActorClaim);
}

/** Where a refresh came from, kept on the session for its owner's list of devices. */
export interface RefreshOrigin {
  ip: string | null;
  userAgent: string | null;
}

/**
 * A session's last use is written at most this often from one device: refreshes are hot, the
 * list is not. A refresh from another address or browser than the last is written at once.
 */
const lastUseResolutionMillis = 60_000;

export interface RefreshedTokens {
  access_token: string;
  /** Only with rotation: the token to present next time; the one presented is used up. */
  refresh_token?: string;
}

/** A new access token for a live refresh token of the project, and with rotation a new refresh token. */
export async function refreshAccessToken(
  ctx: Context,
  projectId: string,
  refreshToken: string,
  origin: RefreshOrigin = { ip: null, userAgent: null },
): Promise<RefreshedTokens> {
  // The project's settings (rotation) are read beside the token, not after it: one round trip
  // on PostgreSQL where the two in turn were two (and a cache hit most of the time).
  const [row, project] = await sentTogether([
    prepared(ctx, selectRefreshToken).get({ projectId, tokenHash: sha256Hex(refreshToken) }),
    findProjectRow(ctx, projectId),
  ]);
  const now = ctx.clock.now();
  if (!row || row.expiresAt <= now) throw knownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
  // A ban ends the sessions it finds; this refuses any made after it (a server's POST /auth/sessions
  // racing the ban) all the same.
  refuseBannedUser(row, now);
  if (row.replacedAt !== null) {
    // Within the grace window: a second tab, or a retry, of the refresh that replaced it.
    if (now - row.replacedAt <= refreshTokenReuseGraceMillis) {
      return {
        access_token: await issueAccessToken(ctx, projectId, row.userId, row.sessionId ?? row.id, actorOf(row.actor)),
        refresh_token: successorToken(ctx, refreshToken),
      };
    }
    // A used token again: someone holds a copy. Every token of that sign-in ends, the thief's and
    // the owner's, who signs in again.
    // The audit log, where a project's admins look, says so too (not only the server's log).
    const sessionId = row.sessionId ?? row.id;
    await writeTransaction(ctx, async (tx) => {
      const ended = await tx.delete(refreshTokens).where(eq(refreshTokens.sessionId, sessionId)).returning({ id: refreshTokens.id });
      if (ended.length === 0) return;
      await recordSessionRevocations(ctx, tx, projectId, [sessionId]);
      await recordAuditEvent(ctx, {
        projectId,
        type: 'session.revoked',
        userId: row.userId,
        details: { session_id: sessionId, reason: 'refresh_token_reused' },
      });
    });
    ctx.log.warn(`a replaced refresh token of user ${row.userId} was presented again: its session was ended`);
    throw knownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
  }
  const lastUse = {
    lastUsedAt: now,
    lastUsedIp: origin.ip,
    lastUsedUserAgent: origin.userAgent?.slice(0, maxStoredUserAgentLength) ?? null,
  };
  const sessionId = row.sessionId ?? row.id;
  if (!project?.refreshTokenRotation) {
    const movedDevice = row.lastUsedIp !== lastUse.lastUsedIp || row.lastUsedUserAgent !== lastUse.lastUsedUserAgent;
    if (row.lastUsedAt === null || now - row.lastUsedAt >= lastUseResolutionMillis || movedDevice) {
      await writeTransaction(ctx, async (tx) => await tx.update(refreshTokens).set(lastUse).where(eq(refreshTokens.id, row.id)));
    }
    return { access_token: await issueAccessToken(ctx, projectId, row.userId, sessionId, actorOf(row.actor)) };
  }
  const next = successorToken(ctx, refreshToken);
  const rotated = await writeTransaction(ctx, async (tx) => {
    // Claimed once: of two refreshes with the same token, only one writes the successor.
    const claimed = await tx
      .update(refreshTokens)
      .set({ replacedAt: now, sessionId })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.replacedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) return false;
    // Then the successor, the pruning of long-replaced tokens and the user's activity (which
    // the access token below would otherwise write in a transaction of its own), sent together:
    // one round trip on PostgreSQL (see insertUser).
    await sentTogether([
      tx.insert(refreshTokens).values({
        id: crypto.randomUUID(),
        projectId,
        userId: row.userId,
        tokenHash: sha256Hex(next),
        createdAt: now,
        expiresAt: row.expiresAt,
        sessionId,
        verifiedAt: row.verifiedAt,
        actor: row.actor,
        ...lastUse,
      }),
      tx
        .delete(refreshTokens)
        .where(and(eq(refreshTokens.sessionId, sessionId), lt(refreshTokens.replacedAt, now - replacedTokenMemoryMillis))),
      recordUserActivity(ctx, row.userId, now),
    ]);
    return true;
  });
  // A concurrent refresh with the same token claimed it between the read above and the claim:
  // read again, which now finds it replaced (answered within the window) or its family ended.
  if (!rotated) return await refreshAccessToken(ctx, projectId, refreshToken, origin);
  return { access_token: await issueAccessToken(ctx, projectId, row.userId, sessionId, actorOf(row.actor)), refresh_token: next };
}

/** Sign-out: deletes that refresh token within the project, with the tokens it replaced. */
export async function endSession(ctx: Context, projectId: string, refreshToken: string): Promise<void> {
  await writeTransaction(ctx, async (tx) => {
    const deleted = await tx
      .delete(refreshTokens)
      .where(and(eq(refreshTokens.projectId, projectId), eq(refreshTokens.tokenHash, sha256Hex(refreshToken))))
      .returning({ id: refreshTokens.id, sessionId: refreshTokens.sessionId, userId: refreshTokens.userId });
    if (deleted.length === 0) throw knownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    const { id, sessionId, userId } = deleted[0]!;
    if (sessionId !== null) await tx.delete(refreshTokens).where(eq(refreshTokens.sessionId, sessionId));
    await recordSessionRevocations(ctx, tx, projectId, [sessionId ?? id]);
    await recordAuditEvent(ctx, { projectId, type: 'sign_out', userId });
  });
}

/**
 * The token endpoint's client: client_id names the project and client_secret is its
 * publishable key. A bad pair answers with client_id null, as Stack does. Returns the project.
 */
export async function requireOAuthClient(ctx: Context, form: { client_id?: string; client_secret?: string }): Promise<string> {
  const projectId = form.client_id;
  if (
    !projectId ||
    !form.client_secret ||
    !await projectExists(ctx, projectId) ||
    !await isValidApiKey(ctx, projectId, 'publishable_client_key', form.client_secret)
  ) {
    throw knownError('INVALID_OAUTH_CLIENT_ID_OR_SECRET', null);
  }
  return projectId;
}

/** The token endpoint's refresh grant; authorization_code is in authorization-code-grant.ts. */
export async function exchangeTokenGrant(
  ctx: Context,
  form: { grant_type: string; client_id?: string; client_secret?: string; refresh_token?: string },
  origin?: RefreshOrigin,
): Promise<RefreshedTokens> {
  const projectId = await requireOAuthClient(ctx, form);
  if (form.grant_type !== 'refresh_token') {
    throw knownError(
      'SCHEMA_ERROR',
      `Unsupported grant_type "${form.grant_type}": this endpoint takes refresh_token or authorization_code.`,
    );
  }
  if (!form.refresh_token) throw knownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
  return await refreshAccessToken(ctx, projectId, form.refresh_token, origin);
}
