// Admin access tokens: an access token of an internal-project user, sent
// as X-Stack-Admin-Access-Token, stands in for the admin key of every project that user owns.
// Each check answers the error Stack gives, so the SDK knows when to refresh and retry.
import { knownError } from '../../protocol/known-errors';
import { plainTextError } from '../../protocol/plain-text-errors';
import { verifyAccessTokenSignatureAndExpiry } from './access-tokens';
import type { Context } from '../storage/context';
import { findOwnedProjectIds } from '../projects/project-owners';
import { internalProjectId, projectExists } from '../projects/projects';

/** Throws unless `token` is a live access token of an internal user who owns `projectId`; returns that user's id. */
export async function requireProjectOwnerToken(ctx: Context, token: string, projectId: string): Promise<string> {
  // Verified tokens are cached until they expire; ownership below is read through a cache that
  // any write empties, so a revoked owner is refused on the very next request.
  const verified = await verifyAccessTokenSignatureAndExpiry(
    ctx,
    token,
    'ADMIN_ACCESS_TOKEN_EXPIRED',
    'UNPARSABLE_ADMIN_ACCESS_TOKEN',
  );
  if (verified.projectId !== internalProjectId) throw knownError('ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
  // Someone impersonating an admin acts as that admin's account, never with their admin rights.
  if (verified.actorSubject !== null) throw knownError('ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
  const owned = await findOwnedProjectIds(ctx, verified.userId);
  if (owned === null) throw plainTextError('ADMIN_TOKEN_USER_GONE');
  if (!owned.includes(projectId)) throw knownError('ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
  if (!(await projectExists(ctx, projectId))) throw knownError('INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN');
  return verified.userId;
}
