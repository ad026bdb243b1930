// Payload schemas and views for users.
import * as v from 'valibot';
import { toClientTeamView, type TeamClientView, type TeamServerView } from './team-views';
import { wireObject } from './wire-object';
import { supportedLocales } from './locales';

const jsonValue = v.unknown();
export const profileImageUrlSchema = v.pipe(
  v.string(),
  v.maxLength(1_000_000, 'Profile image URL is limited to 1,000,000 characters'),
  v.url('Invalid URL'),
);
const base64Schema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Invalid base64 format'));
export const emailSchema = v.pipe(v.string(), v.trim(), v.email('Please enter a valid email'), v.maxLength(320));
/** Sign-up and OTP emails also reject a leading dot and a one-letter top-level domain. */
export const strictEmailSchema = v.pipe(emailSchema, v.regex(/^[^.].*@.*\.[^.][^.]+$/, 'Please enter a valid email'));
export const uuidSchema = v.pipe(v.string(), v.uuid('Must be a UUID'));
/** A user id in a path, query or body: a UUID, or `me` for the signed-in user. */
export const userIdOrMeSchema = v.union([uuidSchema, v.literal('me')], 'Must be a UUID or "me"');
export const urlSchema = v.pipe(v.string(), v.url('Invalid URL'));

/** authd addition: a user's language for screens and emails, one of the supported locales. */
export const localeSchema = v.picklist(supportedLocales, `Must be one of ${supportedLocales.join(', ')}`);

const serverUserFields = {
  display_name: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(256)))),
  profile_image_url: v.optional(v.nullable(profileImageUrlSchema)),
  client_metadata: v.optional(jsonValue),
  client_read_only_metadata: v.optional(jsonValue),
  server_metadata: v.optional(jsonValue),
  primary_email: v.optional(v.nullable(emailSchema)),
  primary_email_verified: v.optional(v.boolean()),
  primary_email_auth_enabled: v.optional(v.boolean()),
  passkey_auth_enabled: v.optional(v.boolean()),
  password: v.optional(v.nullable(v.string())),
  password_hash: v.optional(v.string()),
  otp_auth_enabled: v.optional(v.boolean()),
  totp_secret_base64: v.optional(v.nullable(base64Schema)),
  /** authd addition (the Stack SDK ignores it): null follows the browser, then the project. */
  locale: v.optional(v.nullable(localeSchema)),
};

export const userUpdateSchema = wireObject({
  ...serverUserFields,
  selected_team_id: v.optional(v.nullable(uuidSchema)),
});
export type UserUpdate = v.InferOutput<typeof userUpdateSchema>;

export const userCreateSchema = wireObject({
  ...serverUserFields,
  oauth_providers: v.optional(
    v.array(wireObject({ id: v.string(), account_id: v.string(), email: v.optional(v.nullable(v.string())) })),
  ),
});
export type UserCreate = v.InferOutput<typeof userCreateSchema>;

/** POST /users/{id}/ban: until when (absent or null: until lifted) and why (for admins only). */
export const banRequestSchema = wireObject({
  banned_until_millis: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0)))),
  ban_reason: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(500, 'ban_reason must be at most 500 characters')))),
});

/** GET /projects/{id}/impersonation: the code of an impersonation link. */
export const impersonationLinkQuery = v.strictObject({ code: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) });

/** What a signed-in user may change about themselves with client access. */
export const clientUserUpdateSchema = wireObject({
  display_name: serverUserFields.display_name,
  // Checked in core (a base64 image, with or without a data: prefix), not as a URL.
  profile_image_url: v.optional(
    v.nullable(v.pipe(v.string(), v.maxLength(1_000_000, 'Profile image URL is limited to 1,000,000 characters'))),
  ),
  client_metadata: serverUserFields.client_metadata,
  selected_team_id: v.optional(v.nullable(uuidSchema)),
  totp_secret_base64: serverUserFields.totp_secret_base64,
  otp_auth_enabled: serverUserFields.otp_auth_enabled,
  passkey_auth_enabled: serverUserFields.passkey_auth_enabled,
  locale: serverUserFields.locale,
});
/** The body of PATCH /users/me each access level may send. */
export const userUpdateByAccess = { client: clientUserUpdateSchema, server: userUpdateSchema };

const booleanQuery = v.pipe(
  v.picklist(['true', 'false'], 'Must be true or false'),
  v.transform((s) => s === 'true'),
);

const millisQuery = v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'Must be a time in milliseconds since 1970'), v.transform(Number));

export const userListQuerySchema = wireObject({
  team_id: v.optional(uuidSchema),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'Must be a positive integer'),
      v.transform(Number),
      v.minValue(1),
      // Larger numbers lose precision and SQLite refuses them; no project has that many users.
      v.maxValue(Number.MAX_SAFE_INTEGER - 1),
    ),
  ),
  cursor: v.optional(uuidSchema),
  order_by: v.optional(v.literal('signed_up_at')),
  desc: v.optional(booleanQuery),
  query: v.optional(v.string()),
  /** authd additions, for the console's filters: whether the primary email is verified (no email counts as not), whether MFA is on. */
  primary_email_verified: v.optional(booleanQuery),
  requires_totp_mfa: v.optional(booleanQuery),
  /** authd additions: signed up at or after, and before, a time in milliseconds. */
  signed_up_after: v.optional(millisQuery),
  signed_up_before: v.optional(millisQuery),
});
export type UserListQuery = v.InferOutput<typeof userListQuerySchema>;

export interface UserServerView {
  id: string;
  primary_email: string | null;
  primary_email_verified: boolean;
  primary_email_auth_enabled: boolean;
  display_name: string | null;
  selected_team: TeamServerView | null;
  selected_team_id: string | null;
  profile_image_url: string | null;
  signed_up_at_millis: number;
  has_password: boolean;
  otp_auth_enabled: boolean;
  passkey_auth_enabled: boolean;
  client_metadata: unknown;
  client_read_only_metadata: unknown;
  server_metadata: unknown;
  last_active_at_millis: number;
  oauth_providers: { id: string; account_id: string; email?: string | null }[];
  auth_with_email: boolean;
  requires_totp_mfa: boolean;
  /** authd addition: the language the user chose, or null. */
  locale: string | null;
  /**
   * authd additions, server view only: the user's ban, if one was set. It holds while
   * banned_at_millis is set and banned_until_millis is null (until lifted) or still ahead.
   */
  banned_at_millis: number | null;
  banned_until_millis: number | null;
  ban_reason: string | null;
}

export type UserClientView = Omit<
  UserServerView,
  'primary_email_auth_enabled' | 'server_metadata' | 'last_active_at_millis' | 'selected_team' | BanFields
> & { selected_team: TeamClientView | null };

type BanFields = 'banned_at_millis' | 'banned_until_millis' | 'ban_reason';

export function toClientUserView(view: UserServerView): UserClientView {
  const {
    primary_email_auth_enabled: _a,
    server_metadata: _s,
    last_active_at_millis: _l,
    banned_at_millis: _b,
    banned_until_millis: _u,
    ban_reason: _r,
    selected_team,
    ...client
  } = view;
  return { ...client, selected_team: selected_team === null ? null : toClientTeamView(selected_team) };
}
