// Short-lived tokens that let a dashboard manage one project's webhook endpoints without the
// admin key: what `POST /webhooks/svix-token` hands out (Stack's equivalent is a Svix
// app-portal token). Stateless: `whmt_<payload>.<HMAC>` keyed by the instance key, so they
// cannot be revoked early, only expire; hence the short life.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { requireAccess, type RequestAuth } from '../credentials/callers';

export const webhookManagementTokenLifetimeMillis = 60 * 60 * 1000;
const tokenPrefix = 'whmt_';

function tokenMac(ctx: Pick<Context, 'secretKey'>, payload: string): Buffer {
  // A key of its own, derived from the instance key, so a MAC here can never be mistaken for
  // anything the instance key protects elsewhere.
  const key = createHmac('sha256', ctx.secretKey).update('authd webhook management token v1').digest();
  return createHmac('sha256', key).update(payload).digest();
}

export function issueWebhookManagementToken(ctx: Context, projectId: string): string {
  const payload = Buffer.from(
    JSON.stringify({ project_id: projectId, expires_at_millis: ctx.clock.now() + webhookManagementTokenLifetimeMillis }),
  ).toString('base64url');
  return `${tokenPrefix}${payload}.${tokenMac(ctx, payload).toString('base64url')}`;
}

/** The project a token lets its bearer manage webhooks of; 401 text if it is forged or expired. */
function verifyWebhookManagementToken(ctx: Context, token: string): string {
  const [payload, mac] = token.startsWith(tokenPrefix) ? token.slice(tokenPrefix.length).split('.') : [];
  if (!payload || !mac) throw plainTextError('INVALID_WEBHOOK_MANAGEMENT_TOKEN');
  const expected = tokenMac(ctx, payload);
  const presented = Buffer.from(mac, 'base64url');
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) throw plainTextError('INVALID_WEBHOOK_MANAGEMENT_TOKEN');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    project_id: string;
    expires_at_millis: number;
  };
  if (claims.expires_at_millis <= ctx.clock.now()) throw plainTextError('INVALID_WEBHOOK_MANAGEMENT_TOKEN');
  return claims.project_id;
}

/**
 * Who may manage a project's webhooks: admin access (an admin key or admin access token), or
 * the bearer of a management token, which grants nothing else. A token presented with a
 * project header for another project is refused.
 */
export function resolveWebhookManagerProject(ctx: Context, auth: RequestAuth, bearerToken: string | undefined): string {
  if (auth.kind === 'anonymous' && bearerToken !== undefined) {
    const projectId = verifyWebhookManagementToken(ctx, bearerToken);
    if (auth.projectId !== null && auth.projectId !== projectId) {
      throw plainTextError('WEBHOOK_MANAGEMENT_TOKEN_OF_ANOTHER_PROJECT');
    }
    return projectId;
  }
  return requireAccess(auth, 'admin').projectId;
}
