// Stack Auth's users as its REST API lists them (GET /api/v1/users with the server key, the
// `items` of each page), one user object per line. Stack does not hand out password hashes, so
// these users sign in by OAuth or email code, or set a password by reset; a `password_hash`
// added to a line is read all the same. Its teams (GET /api/v1/teams) are read by
// `authd teams import`, each with its members.
import { millisOf, RecordRefusal } from './user-records';
import { displayNameOf, isObject, metadataOf, oauthIdentity, requireObject, textOf, type Mapped } from './source-entries';
import type { MappedTeam } from './team-records';

export function mapStackUser(value: unknown): Mapped {
  const user = requireObject(value);
  const id = textOf(user.id);
  if (!id) throw new RecordRefusal('has no id');
  const notes: string[] = [];
  const oauthProviders = (Array.isArray(user.oauth_providers) ? user.oauth_providers : [])
    .filter(isObject)
    .map((provider) => oauthIdentity({}, String(provider.id), provider.account_id, provider.email, notes))
    .filter((identity) => identity !== null);
  const email = textOf(user.primary_email);
  return {
    record: {
      external_id: id,
      primary_email: email,
      primary_email_verified: user.primary_email_verified === true,
      primary_email_auth_enabled: email !== null && user.primary_email_auth_enabled !== false,
      display_name: displayNameOf(user.display_name),
      profile_image_url: textOf(user.profile_image_url),
      client_metadata: metadataOf(user.client_metadata),
      client_read_only_metadata: metadataOf(user.client_read_only_metadata),
      server_metadata: metadataOf(user.server_metadata),
      signed_up_at_millis: millisOf(user.signed_up_at_millis, 'signed_up_at_millis'),
      last_active_at_millis: millisOf(user.last_active_at_millis, 'last_active_at_millis'),
      oauth_providers: oauthProviders,
      otp_auth_enabled: user.otp_auth_enabled === true,
      ...(textOf(user.password_hash) ? { password_hash: user.password_hash } : {}),
    },
    notes,
  };
}

/**
 * A Stack team as its REST API lists them (GET /api/v1/teams with the server key, one item per
 * line), with its members added as `members` (the `items` of GET /api/v1/team-member-profiles
 * ?team_id=…). Stack lists no per-member permissions here: each joins with a member's.
 */
export function mapStackTeam(value: unknown): MappedTeam {
  const team = requireObject(value);
  const id = textOf(team.id);
  if (!id) throw new RecordRefusal('has no id');
  const members = Array.isArray(team.members) ? team.members.filter(isObject) : [];
  return {
    external_id: id,
    display_name: textOf(team.display_name) ?? id,
    profile_image_url: textOf(team.profile_image_url),
    client_metadata: metadataOf(team.client_metadata),
    client_read_only_metadata: metadataOf(team.client_read_only_metadata),
    server_metadata: metadataOf(team.server_metadata),
    created_at_millis: millisOf(team.created_at_millis, 'created_at_millis'),
    members: members.map((member) => {
      const userId = textOf(member.user_id);
      if (!userId) throw new RecordRefusal('has a member without user_id');
      return { user_external_id: userId, admin: false };
    }),
  };
}
