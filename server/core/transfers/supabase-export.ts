// Supabase's users: the rows of its auth.users table, one JSON object per line, each with its
// auth.identities rows as `identities` and, optionally, its auth.mfa_factors rows as
// `mfa_factors` (the query in docs/importing-users.md makes that file with psql's COPY).
// Supabase hashes passwords with bcrypt (`encrypted_password`).
import { base32SecretAsBase64 } from './base32';
import { millisOf, RecordRefusal } from './user-records';
import { displayNameOf, isObject, metadataOf, oauthIdentity, requireObject, textOf, type Mapped } from './source-entries';

const providerNames: Record<string, string> = { azure: 'microsoft' };
// Supabase's own sign-in methods, which are identities too but not OAuth.
const ownProviders = new Set(['email', 'phone', 'anonymous']);

/** raw_app_meta_data without the provider keys Supabase itself writes there. */
function appMetadataOf(value: unknown): unknown {
  if (!isObject(value)) return metadataOf(value);
  const { provider: _provider, providers: _providers, ...rest } = value;
  return metadataOf(rest);
}

export function mapSupabaseUser(value: unknown): Mapped {
  const user = requireObject(value);
  const id = textOf(user.id);
  if (!id) throw new RecordRefusal('has no id');
  if (textOf(user.deleted_at)) throw new RecordRefusal('was deleted in Supabase (deleted_at is set)');
  const notes: string[] = [];
  const identities = Array.isArray(user.identities) ? user.identities : [];
  const oauthProviders = identities
    .filter((identity): identity is Record<string, unknown> => isObject(identity) && !ownProviders.has(String(identity.provider)))
    .map((identity) => {
      const data = isObject(identity.identity_data) ? identity.identity_data : {};
      return oauthIdentity(providerNames, String(identity.provider), identity.provider_id ?? data.sub ?? identity.id, data.email ?? identity.email, notes);
    })
    .filter((identity) => identity !== null);
  const factors = Array.isArray(user.mfa_factors) ? user.mfa_factors.filter(isObject) : [];
  const totp = factors.find((factor) => factor.factor_type === 'totp' && factor.status === 'verified' && typeof factor.secret === 'string');
  const email = textOf(user.email);
  const meta = isObject(user.raw_user_meta_data) ? user.raw_user_meta_data : {};
  return {
    record: {
      external_id: id,
      primary_email: email,
      primary_email_verified: textOf(user.email_confirmed_at) !== null,
      primary_email_auth_enabled: email !== null,
      display_name: displayNameOf(meta.full_name ?? meta.name),
      profile_image_url: textOf(meta.avatar_url) ?? textOf(meta.picture),
      // raw_user_meta_data is what the user may change (supabase.auth.updateUser), raw_app_meta_data the service's.
      client_metadata: metadataOf(user.raw_user_meta_data),
      server_metadata: appMetadataOf(user.raw_app_meta_data),
      signed_up_at_millis: millisOf(user.created_at, 'created_at'),
      last_active_at_millis: millisOf(user.last_sign_in_at, 'last_sign_in_at'),
      oauth_providers: oauthProviders,
      ...(textOf(user.encrypted_password) ? { password_hash: user.encrypted_password } : {}),
      ...(totp ? { totp_secret_base64: base32SecretAsBase64(totp.secret as string), requires_totp_mfa: true } : {}),
    },
    notes,
  };
}
