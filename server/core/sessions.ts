// Sessions: an opaque refresh token (stored as a SHA-256 digest, never rotated) from which
// short-lived access tokens are issued (wire §3.3–3.6).
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { refreshTokens } from '../../db/schema';
import { knownError } from '../protocol/known-errors';
import { issueAccessToken } from './access-tokens';
import { isValidApiKey } from './api-keys';
import type { Context } from './context';
import { prepared } from './prepared-queries';
import type { DbWriter } from './transactions';
import { projectExists } from './projects';
import { randomCrockfordString, sha256Hex } from './random-tokens';
import { findUserRow } from './users';

export const defaultSessionLifetimeMillis = 365 * 24 * 60 * 60 * 1000;
export const maxSessionLifetimeMillis = 367 * 24 * 60 * 60 * 1000;

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
  if (!findUserRow(ctx.db, projectId, userId)) throw knownError('USER_ID_DOES_NOT_EXIST', userId);
  return startSession(ctx, projectId, userId, expiresInMillis);
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
    })
    .prepare();

/** A session for a user the caller has just read (a sign-in), so the user is not read again. */
export async function startSession(
  ctx: Context,
  projectId: string,
  userId: string,
  expiresInMillis: number = defaultSessionLifetimeMillis,
): Promise<SessionTokens> {
  const refreshToken = randomCrockfordString(45);
  const now = ctx.clock.now();
  prepared(ctx, insertRefreshToken).run({
    id: crypto.randomUUID(),
    projectId,
    userId,
    tokenHash: sha256Hex(refreshToken),
    createdAt: now,
    expiresAt: now + Math.min(expiresInMillis, maxSessionLifetimeMillis),
  });
  return { access_token: await issueAccessToken(ctx, projectId, userId), refresh_token: refreshToken };
}

const selectRefreshToken = (db: Db) =>
  db
    .select({ userId: refreshTokens.userId, expiresAt: refreshTokens.expiresAt })
    .from(refreshTokens)
    .where(
      and(eq(refreshTokens.projectId, sql.placeholder('projectId')), eq(refreshTokens.tokenHash, sql.placeholder('tokenHash'))),
    )
    .prepare();

/** A new access token for a live refresh token of the project; the refresh token stays as is. */
export async function refreshAccessToken(ctx: Context, projectId: string, refreshToken: string): Promise<string> {
  const row = prepared(ctx, selectRefreshToken).get({ projectId, tokenHash: sha256Hex(refreshToken) });
  if (!row || row.expiresAt <= ctx.clock.now()) throw knownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
  return issueAccessToken(ctx, projectId, row.userId);
}

/** Sign-out: deletes that refresh token within the project (wire §3.6). */
export function endSession(ctx: Context, projectId: string, refreshToken: string): void {
  const deleted = ctx.db
    .delete(refreshTokens)
    .where(and(eq(refreshTokens.projectId, projectId), eq(refreshTokens.tokenHash, sha256Hex(refreshToken))))
    .returning({ id: refreshTokens.id })
    .all();
  if (deleted.length === 0) throw knownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
}

/** Ends every session of the user except, optionally, the one holding `keepRefreshToken`. */
export function endOtherSessions(db: DbWriter, userId: string, keepRefreshToken?: string): void {
  const condition = keepRefreshToken
    ? and(eq(refreshTokens.userId, userId), ne(refreshTokens.tokenHash, sha256Hex(keepRefreshToken)))
    : eq(refreshTokens.userId, userId);
  db.delete(refreshTokens).where(condition).run();
}

/**
 * The token endpoint's client (wire §3.4): client_id names the project and client_secret is its
 * publishable key. A bad pair answers with client_id null, as Stack does. Returns the project.
 */
export function requireOAuthClient(ctx: Context, form: { client_id?: string; client_secret?: string }): string {
  const projectId = form.client_id;
  if (
    !projectId ||
    !form.client_secret ||
    !projectExists(ctx, projectId) ||
    !isValidApiKey(ctx, projectId, 'publishable_client_key', form.client_secret)
  ) {
    throw knownError('INVALID_OAUTH_CLIENT_ID_OR_SECRET', null);
  }
  return projectId;
}

/** The token endpoint's refresh grant (wire §3.4); authorization_code is server/oauth's. */
export async function exchangeTokenGrant(
  ctx: Context,
  form: { grant_type: string; client_id?: string; client_secret?: string; refresh_token?: string },
): Promise<string> {
  const projectId = requireOAuthClient(ctx, form);
  if (form.grant_type !== 'refresh_token') {
    throw knownError(
      'SCHEMA_ERROR',
      `Unsupported grant_type "${form.grant_type}": this endpoint takes refresh_token or authorization_code.`,
    );
  }
  if (!form.refresh_token) throw knownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
  return refreshAccessToken(ctx, projectId, form.refresh_token);
}
