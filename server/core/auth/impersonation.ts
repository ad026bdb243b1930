// Impersonation (a support action): an admin, or the app's server, gets a session as one of the
// project's users, to see what they see. The session lasts an hour at most and is never
// refreshed past that; every access token it issues names the actor in RFC 8693's `act` claim,
// and inside it passwords, MFA and passkeys cannot be changed (refuseInsideImpersonation). The
// audit log records it on both sides: on the user, and, for a console admin, on the admin's own
// account in the internal project.
//
// The hosted screens get such a session through a link: a single-use code (stored as a digest,
// valid two minutes) that authd's own entry exchanges for the session and writes into the cookies
// the screens read, so no token ever sits in a URL.
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Context } from '../storage/context';
import { refreshTokens } from '../storage/tables';
import { firstRow } from '../storage/query-results';
import { sha256Hex } from '../credentials/random-tokens';
import { requireUserRow } from '../storage/user-queries';
import { writeTransaction } from '../storage/transactions';
import { recordAuditEvent } from '../audit/audit-log';
import { createVerificationCode, consumeVerificationCode } from '../credentials/verification-codes';
import { internalProjectId } from '../projects/projects';
import { refuseBannedUser } from '../users/user-ban-state';
import { instanceBaseUrl } from '../projects/instance-url';
import type { ActorClaim } from './access-tokens';
import { startSession, type SessionTokens } from './sessions';

export const impersonationLifetimeMillis = 60 * 60 * 1000;

/** Who impersonates: a console admin (their internal-project user id), the app's server, or the CLI. */
export type Impersonator = { kind: 'admin'; userId: string } | { kind: 'server' } | { kind: 'cli' };

/** The `act` claim naming the impersonator: an admin's user id, else the kind of credential used. */
export function actorClaim(impersonator: Impersonator): ActorClaim {
  if (impersonator.kind === 'admin') return { sub: impersonator.userId };
  return { sub: impersonator.kind === 'server' ? 'authd:secret-server-key' : 'authd:cli' };
}

export interface ImpersonationTokens extends SessionTokens {
  expires_at_millis: number;
}

export interface ImpersonationLink {
  url: string;
  expires_at_millis: number;
}

async function recordImpersonation(ctx: Context, projectId: string, userId: string, impersonator: Impersonator, via: 'tokens' | 'link'): Promise<void> {
  const actor = actorClaim(impersonator);
  await recordAuditEvent(ctx, { projectId, type: 'impersonation.started', userId, details: { actor: actor.sub, via } });
  if (impersonator.kind === 'admin') {
    // The admin's side: on their own account, in the project they sign in to.
    await recordAuditEvent(ctx, {
      projectId: internalProjectId,
      type: 'impersonation.started',
      userId: impersonator.userId,
      details: { impersonated_project_id: projectId, impersonated_user_id: userId, via },
    });
  }
}

async function startImpersonationSession(ctx: Context, projectId: string, userId: string, actor: ActorClaim, alongside?: () => Promise<void>): Promise<ImpersonationTokens> {
  const user = await requireUserRow(ctx.db, projectId, userId);
  refuseBannedUser(user, ctx.clock.now());
  const tokens = await startSession(ctx, projectId, userId, impersonationLifetimeMillis, alongside, { recordOrigin: false, actor });
  return { ...tokens, expires_at_millis: ctx.clock.now() + impersonationLifetimeMillis };
}

/** The session's tokens at once (API and CLI callers that use them themselves). */
export async function impersonateUser(ctx: Context, projectId: string, userId: string, impersonator: Impersonator): Promise<ImpersonationTokens> {
  return await startImpersonationSession(ctx, projectId, userId, actorClaim(impersonator), async () =>
    await recordImpersonation(ctx, projectId, userId, impersonator, 'tokens'),
  );
}

/** A link that opens the project's hosted screens signed in as the user (the console's action). */
export async function createImpersonationLink(ctx: Context, projectId: string, userId: string, impersonator: Impersonator): Promise<ImpersonationLink> {
  const user = await requireUserRow(ctx.db, projectId, userId);
  refuseBannedUser(user, ctx.clock.now());
  const code = await writeTransaction(ctx, async (tx) => {
    const made = await createVerificationCode(ctx, tx, projectId, 'impersonation_link', { user_id: userId, actor: actorClaim(impersonator).sub });
    await recordImpersonation(ctx, projectId, userId, impersonator, 'link');
    return made;
  });
  const url = `${instanceBaseUrl(ctx)}/api/v1/projects/${encodeURIComponent(projectId)}/impersonation?code=${code}`;
  return { url, expires_at_millis: ctx.clock.now() + 2 * 60 * 1000 };
}

/** The link's other end: the code, once, for the session's tokens. */
export async function exchangeImpersonationCode(ctx: Context, projectId: string, code: string): Promise<ImpersonationTokens> {
  const data = await consumeVerificationCode(ctx, projectId, 'impersonation_link', code, (_tx, stored) => stored);
  return await startImpersonationSession(ctx, projectId, String(data.user_id), { sub: String(data.actor) });
}

/**
 * The user of the live impersonation session a browser's refresh token belongs to, or null for
 * any other session (the hosted pages write their banner for such a session only).
 */
export async function impersonatedUserOf(ctx: Context, projectId: string, refreshToken: string): Promise<string | null> {
  const row = firstRow(
    await ctx.db
      .select({ userId: refreshTokens.userId })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.projectId, projectId),
          eq(refreshTokens.tokenHash, sha256Hex(refreshToken)),
          isNotNull(refreshTokens.actor),
          isNull(refreshTokens.replacedAt),
          gt(refreshTokens.expiresAt, ctx.clock.now()),
        ),
      )
      .limit(1),
  );
  return row?.userId ?? null;
}
