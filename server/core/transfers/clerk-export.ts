// Clerk's users, in either form Clerk gives them: the dashboard's CSV export (id, first_name,
// last_name, username, primary_email_address, verified_email_addresses,
// unverified_email_addresses, totp_secret, password_digest, password_hasher, …), or the Backend
// API's user objects (GET /v1/users) one per line, which add external_accounts and the three
// metadata kinds; a line of that form may carry password_digest and password_hasher too. And
// Clerk's organisations with their memberships, for `authd teams import`.
import { base32SecretAsBase64 } from './base32';
import { millisOf, RecordRefusal } from './user-records';
import { displayNameOf, isObject, metadataOf, oauthIdentity, requireObject, textOf, type Mapped } from './source-entries';
import type { MappedTeam } from './team-records';

/** The stored form of a Clerk digest for the hashers authd verifies, or a refusal naming it. */
function passwordHashOf(digest: string | null, hasher: string | null): string | null {
  if (!digest) return null;
  switch (hasher) {
    case 'bcrypt':
    case 'argon2i':
    case 'argon2id':
    case 'pbkdf2_sha256_django':
      return digest;
    case 'pbkdf2_sha256': {
      // iterations$salt$hash with a base64 salt: the PHC form of the same hash.
      const parts = /^(?:pbkdf2_sha256\$)?(\d+)\$([^$]+)\$([^$]+)$/.exec(digest);
      if (!parts) throw new RecordRefusal('password_digest is not a pbkdf2_sha256 digest');
      return `$pbkdf2-sha256$i=${parts[1]}$${parts[2]!.replace(/=+$/, '')}$${parts[3]!.replace(/=+$/, '')}`;
    }
    case 'scrypt_firebase': {
      // hash$salt$signer key$salt separator$rounds$memory cost, each part base64.
      const parts = digest.split('$');
      if (parts.length !== 6 || !/^\d+$/.test(parts[4]!) || !/^\d+$/.test(parts[5]!)) {
        throw new RecordRefusal('password_digest is not a scrypt_firebase digest');
      }
      const [hash, salt, signerKey, separator, rounds, memCost] = parts as [string, string, string, string, string, string];
      return `$firebase-scrypt$mem=${memCost},rounds=${rounds}$${separator || '-'}$${signerKey}$${salt}$${hash}`;
    }
    case null:
      throw new RecordRefusal('has a password_digest without its password_hasher');
    default:
      throw new RecordRefusal(`authd cannot verify Clerk's "${hasher}" password hashes`);
  }
}

function addressesOf(text: string | undefined): string[] {
  return (text ?? '').split(/[|,;\s]+/).filter((address) => address !== '');
}

/** A row of the dashboard's CSV export. */
export function mapClerkCsvRow(row: Record<string, string>): Mapped {
  const id = textOf(row.id);
  if (!id) throw new RecordRefusal('has no id');
  const primary = textOf(row.primary_email_address);
  const verified = new Set(addressesOf(row.verified_email_addresses));
  const others = [...verified, ...addressesOf(row.unverified_email_addresses)].filter((address) => address !== primary);
  const totp = textOf(row.totp_secret);
  const passwordHash = passwordHashOf(textOf(row.password_digest), textOf(row.password_hasher));
  return {
    record: {
      external_id: id,
      primary_email: primary,
      primary_email_verified: primary !== null && verified.has(primary),
      primary_email_auth_enabled: primary !== null,
      other_emails: others.map((email) => ({ email, verified: verified.has(email), used_for_auth: false })),
      display_name: displayNameOf(null, row.first_name, row.last_name) ?? textOf(row.username),
      ...(passwordHash ? { password_hash: passwordHash } : {}),
      ...(totp ? { totp_secret_base64: base32SecretAsBase64(totp), requires_totp_mfa: true } : {}),
    },
  };
}

/** A Backend API user object: external_accounts' providers are `oauth_<name>`. */
export function mapClerkApiUser(value: unknown): Mapped {
  const user = requireObject(value);
  const id = textOf(user.id);
  if (!id) throw new RecordRefusal('has no id');
  const notes: string[] = [];
  const addresses = (Array.isArray(user.email_addresses) ? user.email_addresses : []).filter(isObject);
  const isVerified = (address: Record<string, unknown>) => isObject(address.verification) && address.verification.status === 'verified';
  const primary = addresses.find((address) => address.id === user.primary_email_address_id) ?? null;
  const accounts = (Array.isArray(user.external_accounts) ? user.external_accounts : []).filter(isObject);
  const oauthProviders = accounts
    .map((account) => {
      const provider = String(account.provider ?? '').replace(/^oauth_/, '');
      return oauthIdentity({}, provider, account.provider_user_id, account.email_address, notes);
    })
    .filter((identity) => identity !== null);
  const passwordHash = passwordHashOf(textOf(user.password_digest), textOf(user.password_hasher));
  const totp = textOf(user.totp_secret);
  return {
    record: {
      external_id: id,
      primary_email: primary ? textOf(primary.email_address) : null,
      primary_email_verified: primary !== null && isVerified(primary),
      primary_email_auth_enabled: primary !== null,
      other_emails: addresses
        .filter((address) => address !== primary && textOf(address.email_address))
        .map((address) => ({ email: address.email_address as string, verified: isVerified(address), used_for_auth: false })),
      display_name: displayNameOf(null, user.first_name, user.last_name) ?? textOf(user.username),
      profile_image_url: user.has_image === false ? null : textOf(user.image_url),
      // unsafe_metadata is the frontend's to write, public_metadata readable there, private_metadata the backend's.
      client_metadata: metadataOf(user.unsafe_metadata),
      client_read_only_metadata: metadataOf(user.public_metadata),
      server_metadata: metadataOf(user.private_metadata),
      signed_up_at_millis: millisOf(user.created_at, 'created_at'),
      last_active_at_millis: millisOf(user.last_active_at ?? user.last_sign_in_at, 'last_active_at'),
      oauth_providers: oauthProviders,
      ...(passwordHash ? { password_hash: passwordHash } : {}),
      ...(totp ? { totp_secret_base64: base32SecretAsBase64(totp), requires_totp_mfa: true } : {}),
    },
    notes,
  };
}

/**
 * A Clerk organisation as the Backend API gives it (GET /v1/organizations), with its members
 * added as `memberships` (the `data` of GET /v1/organizations/{id}/memberships). An `org:admin`
 * joins with the team creator's permissions, every other role with a member's.
 */
export function mapClerkOrganization(value: unknown): MappedTeam {
  const organization = requireObject(value);
  const id = textOf(organization.id);
  if (!id) throw new RecordRefusal('has no id');
  const memberships = Array.isArray(organization.memberships) ? organization.memberships.filter(isObject) : [];
  return {
    external_id: id,
    display_name: textOf(organization.name) ?? textOf(organization.slug) ?? id,
    profile_image_url: textOf(organization.image_url),
    client_read_only_metadata: metadataOf(organization.public_metadata),
    server_metadata: metadataOf(organization.private_metadata),
    created_at_millis: millisOf(organization.created_at, 'created_at'),
    members: memberships.map((membership) => {
      const user = isObject(membership.public_user_data) ? membership.public_user_data : {};
      const userId = textOf(user.user_id);
      if (!userId) throw new RecordRefusal('has a membership without public_user_data.user_id');
      return { user_external_id: userId, admin: membership.role === 'org:admin' };
    }),
  };
}
