// Firebase Authentication's export: `firebase auth:export users.json --format=json`, one JSON
// document `{"users": [...]}` with localId, email, emailVerified, passwordHash and salt (base64),
// displayName, photoUrl, createdAt and lastSignedInAt (milliseconds as text),
// providerUserInfo and customAttributes (the custom claims, as JSON text). Its passwords use
// Firebase's modified scrypt, whose signer key, salt separator, rounds and memory cost are the
// project's (Firebase console → Authentication → Users → Password hash parameters) and not in
// the file: the import takes them as options.
import { millisOf, RecordRefusal } from './user-records';
import { displayNameOf, isObject, metadataOf, oauthIdentity, requireObject, textOf, type Mapped, type SourceOptions } from './source-entries';

const providerNames: Record<string, string> = {
  'google.com': 'google',
  'github.com': 'github',
  'facebook.com': 'facebook',
  'microsoft.com': 'microsoft',
};
// Firebase's own sign-in methods in providerUserInfo, not OAuth.
const ownProviders = new Set(['password', 'phone', 'emailLink']);

function customClaimsOf(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return undefined;
  try {
    return metadataOf(JSON.parse(text));
  } catch {
    throw new RecordRefusal('customAttributes is not JSON');
  }
}

/** The stored form imported-password-hashes.ts verifies: `$firebase-scrypt$mem=…,rounds=…$sep$key$salt$hash`. */
function firebaseHashOf(user: Record<string, unknown>, options: SourceOptions): string | null {
  const hash = textOf(user.passwordHash);
  if (!hash) return null;
  const parameters = options.firebase;
  if (!parameters) {
    throw new RecordRefusal('has a password hash but the import was given no Firebase hash parameters (signer key, salt separator, rounds, memory cost)');
  }
  const salt = textOf(user.salt);
  if (!salt) throw new RecordRefusal('has a passwordHash without its salt');
  const separator = parameters.saltSeparator === '' ? '-' : parameters.saltSeparator;
  return `$firebase-scrypt$mem=${parameters.memCost},rounds=${parameters.rounds}$${separator}$${parameters.signerKey}$${salt}$${hash}`;
}

export function mapFirebaseUser(value: unknown, options: SourceOptions): Mapped {
  const user = requireObject(value);
  const id = textOf(user.localId);
  if (!id) throw new RecordRefusal('has no localId');
  const notes: string[] = [];
  const infos = Array.isArray(user.providerUserInfo) ? user.providerUserInfo : [];
  const oauthProviders = infos
    .filter((info): info is Record<string, unknown> => isObject(info) && !ownProviders.has(String(info.providerId)))
    .map((info) => oauthIdentity(providerNames, String(info.providerId), info.rawId, info.email, notes))
    .filter((identity) => identity !== null);
  const email = textOf(user.email);
  const passwordHash = firebaseHashOf(user, options);
  return {
    record: {
      external_id: id,
      primary_email: email,
      primary_email_verified: user.emailVerified === true,
      primary_email_auth_enabled: email !== null,
      display_name: displayNameOf(user.displayName),
      profile_image_url: textOf(user.photoUrl),
      // Custom claims reach the client in the ID token, but only the server sets them.
      client_read_only_metadata: customClaimsOf(user.customAttributes),
      signed_up_at_millis: millisOf(user.createdAt, 'createdAt'),
      last_active_at_millis: millisOf(user.lastSignedInAt, 'lastSignedInAt'),
      oauth_providers: oauthProviders,
      ...(passwordHash ? { password_hash: passwordHash } : {}),
    },
    notes,
  };
}
