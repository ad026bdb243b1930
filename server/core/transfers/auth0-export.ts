// Auth0's user export: the newline-delimited JSON of a Management API export job
// (POST /api/v2/jobs/users-exports, format "json"), one user per line with user_id, email,
// email_verified, name, picture, created_at, last_login, identities, user_metadata and
// app_metadata. Password hashes come from Auth0 support as a separate NDJSON file whose lines
// carry `_id.$oid` and `passwordHash`; either line form (and Auth0's own bulk-import fields
// `password_hash` / `custom_password_hash`) is read.
import { millisOf, RecordRefusal } from './user-records';
import { displayNameOf, isObject, metadataOf, oauthIdentity, requireObject, textOf, type Mapped } from './source-entries';

// Auth0's social connections' provider names, as authd's provider ids.
const providerNames: Record<string, string> = {
  'google-oauth2': 'google',
  github: 'github',
  facebook: 'facebook',
  windowslive: 'microsoft',
  spotify: 'spotify',
  discord: 'discord',
  gitlab: 'gitlab',
};
// Identities that are Auth0's own sign-in (database and passwordless connections), not OAuth.
const ownConnections = new Set(['auth0', 'email', 'sms']);
// Algorithms of `custom_password_hash` whose hash value is a PHC / Modular Crypt string authd reads.
const phcAlgorithms = new Set(['bcrypt', 'argon2', 'pbkdf2', 'scrypt']);

function passwordHashOf(user: Record<string, unknown>): string | null {
  const plain = textOf(user.passwordHash) ?? textOf(user.password_hash);
  if (plain) return plain;
  const custom = user.custom_password_hash;
  if (custom === undefined || custom === null) return null;
  if (!isObject(custom) || !isObject(custom.hash) || typeof custom.hash.value !== 'string') {
    throw new RecordRefusal('custom_password_hash has no hash.value');
  }
  const algorithm = String(custom.algorithm);
  if (!phcAlgorithms.has(algorithm)) throw new RecordRefusal(`custom_password_hash: authd cannot verify Auth0's "${algorithm}" hashes`);
  return custom.hash.value;
}

export function mapAuth0User(value: unknown): Mapped {
  const user = requireObject(value);
  const oid = isObject(user._id) ? textOf(user._id.$oid) : null;
  const externalId = textOf(user.user_id) ?? (oid ? `auth0|${oid}` : null);
  if (!externalId) throw new RecordRefusal('has no user_id');
  const notes: string[] = [];
  const identities = Array.isArray(user.identities) ? user.identities : [];
  const oauthProviders = identities
    .filter((identity): identity is Record<string, unknown> => isObject(identity) && !ownConnections.has(String(identity.provider)))
    .map((identity) => oauthIdentity(providerNames, String(identity.provider), identity.user_id, isObject(identity.profileData) ? identity.profileData.email : user.email, notes))
    .filter((identity) => identity !== null);
  const email = textOf(user.email);
  const passwordHash = passwordHashOf(user);
  return {
    record: {
      external_id: externalId,
      primary_email: email,
      primary_email_verified: user.email_verified === true,
      primary_email_auth_enabled: email !== null,
      // Auth0 sets a database user's name to its email when none was given: no display name then.
      display_name: textOf(user.name) === email ? displayNameOf(null, user.given_name, user.family_name) : displayNameOf(user.name, user.given_name, user.family_name),
      profile_image_url: textOf(user.picture),
      // user_metadata is the user's own to edit, app_metadata the application's.
      client_metadata: metadataOf(user.user_metadata),
      server_metadata: metadataOf(user.app_metadata),
      signed_up_at_millis: millisOf(user.created_at, 'created_at'),
      last_active_at_millis: millisOf(user.last_login, 'last_login'),
      oauth_providers: oauthProviders,
      ...(passwordHash ? { password_hash: passwordHash } : {}),
    },
    notes,
  };
}
