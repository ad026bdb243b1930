// Stack Auth's users as its REST API lists them (GET /api/v1/users with the server key, the
// `items` of each page), one user object per line. Stack does not hand out password hashes, so
// these users sign in by OAuth or email code, or set a password by reset; a `password_hash`
// added to a line is read all the same.
import { millisOf, RecordRefusal } from './user-records';
import { displayNameOf, isObject, metadataOf, oauthIdentity, requireObject, textOf, type Mapped } from './source-entries';

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
