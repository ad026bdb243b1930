// What the ID token and userinfo say about the user, by the scopes granted (Connect Core 5.4):
// `profile` gives name and picture, `email` the primary email and whether it is verified, and
// `teams` the user's teams (ids and names, for role mapping in Grafana and the like).
import type { Context } from '../storage/context';
import { readUserServerView } from '../users/user-views';
import { listTeams } from '../teams/teams';
import type { OidcScope } from './oidc-scopes';

export interface TeamClaim {
  id: string;
  name: string;
}

export async function userClaims(ctx: Context, projectId: string, userId: string, scopes: readonly OidcScope[]): Promise<Record<string, unknown>> {
  const user = await readUserServerView(ctx, projectId, userId);
  const claims: Record<string, unknown> = { sub: user.id };
  if (scopes.includes('profile')) {
    claims.name = user.display_name;
    claims.picture = user.profile_image_url;
  }
  if (scopes.includes('email')) {
    claims.email = user.primary_email;
    claims.email_verified = user.primary_email_verified;
  }
  if (scopes.includes('teams')) {
    const teams = await listTeams(ctx, projectId, userId);
    claims.teams = teams.map((team): TeamClaim => ({ id: team.id, name: team.display_name }));
    // A flat list of names too: Grafana's role mapping and oauth2-proxy's groups read plain strings.
    claims.groups = teams.map((team) => team.display_name);
  }
  return claims;
}

/**
 * How the user authenticated (RFC 8176 values). authd does not record the sign-in method per
 * session, so this says what the account requires: a password-or-other first factor, and a TOTP
 * second factor when the account has MFA on.
 */
export async function authenticationMethods(ctx: Context, projectId: string, userId: string): Promise<string[]> {
  const user = await readUserServerView(ctx, projectId, userId);
  return user.requires_totp_mfa ? ['pwd', 'otp', 'mfa'] : ['pwd'];
}
