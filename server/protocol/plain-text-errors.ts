// Stack answers some failures with only a status and a plain-text body, no known-error code
// ("Duplicated domain found"); the SDK turns those into generic errors, so the text is what an
// app shows. Each one has a name here with its status and exact text. Core raises them by name,
// like known errors, and only the HTTP layer turns them into responses (the CLI prints the text).

type PlainText = string | ((...values: never[]) => string);

const catalogue = {
  // Users
  PASSWORD_AUTH_NOT_ENABLED: [400, 'Password auth not enabled in the project'],
  OTP_AUTH_NOT_ENABLED: [400, 'OTP auth not enabled in the project'],
  PASSKEY_AUTH_NOT_SETTABLE: [400, 'Cannot manually enable passkey auth, it is enabled iff there is a passkey auth method'],
  INVALID_PROFILE_IMAGE_URL: [400, 'Invalid profile image URL'],
  CLIENT_USER_DELETION_DISABLED: [400, 'Client user deletion is not enabled for this project'],
  PASSWORD_AND_HASH_BOTH_GIVEN: [400, 'Cannot set both password and password_hash at the same time.'],
  UNSUPPORTED_PASSWORD_HASH: [400, "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format."],
  PRIMARY_EMAIL_AUTH_WITHOUT_EMAIL: [400, 'primary_email_auth_enabled cannot be true without primary_email'],
  PRIMARY_EMAIL_VERIFIED_WITHOUT_EMAIL: [400, 'primary_email_verified cannot be true without primary_email'],
  USER_ALREADY_HAS_PASSWORD: [400, 'User already has a password set.'],
  CLIENT_ACTS_ONLY_ON_SIGNED_IN_USER: [403, 'Client access can only act on the signed-in user.'],
  // Bans (authd's own).
  BAN_UNTIL_IN_THE_PAST: [400, 'until must be a time in the future (or absent, for a ban until it is lifted).'],
  IMPERSONATION_LINK_UNUSABLE: [400, (reason: string) => `This impersonation link cannot be used: ${reason} Make a new one in the console.`],
  // Importing and exporting users (authd's own; Stack has neither).
  IMPORT_FILE_UNREADABLE: [400, (reason: string) => `The import file cannot be read: ${reason}.`],
  IMPORT_FORMAT_UNKNOWN: [400, (format: string) => `Unknown import format "${format}": use auth0, supabase, clerk, firebase, stack, jsonl or csv.`],
  EXPORT_FORMAT_UNKNOWN: [400, (format: string) => `Unknown export format "${format}": use jsonl or csv.`],
  TEAM_IMPORT_FORMAT_UNKNOWN: [400, (format: string) => `Unknown team import format "${format}": use clerk, stack or jsonl.`],
  // Stack's refusal on send-verification-code, with its 400.
  CLIENT_ACTS_ONLY_ON_SIGNED_IN_USER_BAD_REQUEST: [400, 'Can only send verification code for your own user'],
  CLIENT_MUST_LIST_OWN_USER: [403, 'Client access must list with user_id=me.'],
  INVALID_TOTP_SECRET: [
    400,
    (minBytes: number, maxBytes: number) =>
      `Invalid TOTP secret: totp_secret_base64 must be the standard base64 (with padding) of ${minBytes} to ${maxBytes} random bytes; authenticator apps use 20.`,
  ],

  // Contact channels: Stack's own texts differ by endpoint, with and without the full stop.
  CONTACT_CHANNEL_NOT_FOUND_FOR_VERIFICATION: [404, 'Contact channel not found'],
  CONTACT_CHANNEL_NOT_FOUND_FOR_READ: [404, 'Contact channel not found.'],
  CONTACT_CHANNEL_NOT_FOUND_FOR_CHANGE: [400, 'Contact channel not found'],
  CONTACT_CHANNEL_ALREADY_EXISTS: [400, 'Contact channel already exists'],

  // Passkey management (authd's own endpoints; Stack has none).
  PASSKEY_NOT_FOUND: [404, 'Passkey not found.'],
  SESSION_NOT_FOUND: [404, 'Session not found.'],
  // Recovery codes stand in for TOTP codes, so they exist only while TOTP is on.
  MFA_NOT_ENABLED_FOR_RECOVERY_CODES: [400, 'Turn on multi-factor authentication before making recovery codes.'],

  // Teams and permissions
  TEAM_INVITATION_NOT_FOUND: [404, 'Team invitation not found.'],
  CLIENT_TEAM_CREATION_DISABLED: [403, 'Client team creation is disabled for this project'],
  CLIENT_TEAM_CREATOR_NOT_SELF: [
    403,
    "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'.",
  ],
  CLIENT_TEAM_ID_REQUIRED: [400, 'team_id is required for access type client'],
  CLIENT_MEMBER_PROFILE_NOT_OWN: [403, 'Client access can only change the signed-in user\u2019s own team profile.'],
  TEAM_CREATOR_GIVEN_TWICE: [
    400,
    'Cannot use both creator_user_id and add_current_user. add_current_user is deprecated, please only use creator_user_id in the body.',
  ],
  PERMISSION_CONTAINMENT_CYCLE: [400, (path: string) => `Contained permissions cannot form a cycle: ${path}`],
  PERMISSION_ALREADY_EXISTS: [400, (id: string) => `A permission with the id "${id}" already exists.`],
  INVALID_TEAM_DEFAULT_PERMISSION_IDS: [400, 'Invalid team default permission ids'],

  // OpenID Provider clients (the protocol's own refusals are in oidc-errors.ts)
  OIDC_CLIENT_NOT_FOUND: [404, 'OIDC client not found'],
  OIDC_CONNECTED_APP_NOT_FOUND: [404, 'This app is not connected to your account'],
  OIDC_REDIRECT_URI_INVALID: [
    400,
    (uri: string) => `Invalid redirect URI "${uri}": it must be an absolute http(s) URL without a fragment (http only for localhost)`,
  ],
  OIDC_REDIRECT_URI_MISSING: [400, 'An OIDC client needs at least one redirect URI'],
  OIDC_SCOPE_UNKNOWN: [400, (scope: string) => `Unknown scope "${scope}": the scopes are openid, profile, email, offline_access and teams`],

  // Projects, keys and admins
  PROJECT_NOT_FOUND: [404, 'Project not found'],
  INTERNAL_PROJECT_NOT_DELETABLE: [400, 'The internal project cannot be deleted: it holds the admins of every other project.'],
  DUPLICATED_DOMAIN: [400, 'Duplicated domain found'],
  OAUTH_PROVIDER_MISSING_FROM_UPDATE: [400, (id: string) => `Provider with id '${id}' not found in the update`],
  API_KEY_SET_WITHOUT_KEYS: [400, 'An API key set needs at least one key: publishable client, secret server or super secret admin.'],
  BACKUP_TARGET_EXISTS: [400, (file: string) => `${file} already exists; a backup is written to a new file.`],
  BACKUP_FAILED: [500, (reason: string) => `The backup failed: ${reason}`],
  NOT_AN_AUTHD_BACKUP: [400, (file: string, reason: string) => `${file} is not an authd backup this version can restore: ${reason}.`],
  DATABASE_IN_USE: [
    409,
    (file: string) => `${file} is open in another process (is authd serve running?); stop it before restoring.`,
  ],
  RESTORE_WOULD_REPLACE: [
    409,
    (file: string) => `Restoring would replace the data in ${file}; run again with --yes to replace it.`,
  ],
  NO_AUTHD_DATA: [
    404,
    (dataDir: string) =>
      `No authd data in ${dataDir}: run "authd serve" once (or "authd create-project") with this --data to create it.`,
  ],
  // Databases: `authd migrate` and `authd copy`, between SQLite data directories and PostgreSQL.
  INVALID_DATABASE_URL: [400, (url: string, reason: string) => `${url} is not a PostgreSQL URL authd can use: ${reason}.`],
  DATABASE_UNREACHABLE: [503, (where: string, reason: string) => `Could not open the PostgreSQL database ${where}: ${reason}`],
  DATA_AND_DATABASE_BOTH_GIVEN: [400, 'Give either --database (a PostgreSQL URL) or --data (a data directory), not both.'],
  COPY_SOURCE_IS_TARGET: [400, (where: string) => `--from and --to both name ${where}; copy into another database.`],
  COPY_SOURCE_NOT_MIGRATED: [
    409,
    (where: string, command: string) => `${where} is not at this version's schema: run "${command}" first, then copy.`,
  ],
  COPY_TARGET_NOT_EMPTY: [
    409,
    (where: string, projects: number, users: number) =>
      `${where} already holds authd data (${projects} projects, ${users} users); authd copy writes only into an empty database, and wrote nothing.`,
  ],
  COPY_COUNTS_DIFFER: [
    500,
    (table: string, source: number, target: number) =>
      `The copy was rolled back: ${table} has ${source} rows in the source but ${target} in the target.`,
  ],
  INSTANCE_KEY_UNREADABLE: [400, (reason: string) => `The instance key cannot be read: ${reason}.`],
  INSTANCE_KEYS_DIFFER: [
    409,
    (source: string, target: string) =>
      `The instance key of ${source} differs from the one of ${target}: the copied secrets could not be opened there, so nothing was copied.`,
  ],
  INSTANCE_KEY_REQUIRED: [
    400,
    (dataDir: string) =>
      `${dataDir} has no authd.key and no instance key is given: set AUTHD_INSTANCE_KEY (or AUTHD_INSTANCE_KEY_FILE) to the key the PostgreSQL data was sealed with, or put that authd.key in ${dataDir}.`,
  ],
  POSTGRES_INSTANCE_KEY_MISSING: [
    400,
    'Serving from PostgreSQL needs the instance key, which is never stored in the database: set AUTHD_INSTANCE_KEY to the base64 of 32 random bytes (for example the output of "openssl rand -base64 32"), or AUTHD_INSTANCE_KEY_FILE to a file holding it; every instance on the database needs the same key.',
  ],
  NO_INTERNAL_PROJECT_YET: [404, 'This data directory has no internal project yet: run "authd serve" once to create it.'],
  NO_ADMIN_WITH_EMAIL: [
    404,
    (email: string) => `No user of the internal project signs in with ${email}; add one with "authd admins add ${email}".`,
  ],
  NO_INTERNAL_USER: [404, (userId: string) => `No user ${userId} in the internal project.`],
  OWNER_METADATA_NOT_AN_OBJECT: [
    400,
    (userId: string) => `The server metadata of user ${userId} is not a JSON object, so it cannot list owned projects.`,
  ],
  ADMIN_TOKEN_USER_GONE: [401, 'The user of this admin access token no longer exists.'],

  // Sign-in and the OAuth flow
  MAGIC_LINK_NOT_ENABLED: [403, 'Magic link is not enabled for this project'],
  ACCESS_TOKEN_OF_ANOTHER_PROJECT: [403, 'The access token belongs to another project.'],
  OAUTH_COOKIE_NOT_FOUND: [
    400,
    'OAuth cookie not found. This is likely because you refreshed the page during the OAuth sign in process. Please try signing in again',
  ],
  INVALID_OAUTH_COOKIE: [
    400,
    'Invalid OAuth cookie. Please try signing in again.',
  ],
  PROVIDER_RETURNED_NO_CODE: [400, (reason: string) => `The provider returned no authorization code: ${reason}.`],
  UNKNOWN_OAUTH_PROVIDER: [400, (providerId: string) => `Unknown OAuth provider "${providerId}".`],
  OAUTH_ACCOUNT_ID_MISSING: [400, 'An OAuth provider account needs an account_id.'],
  SHARED_OAUTH_CREDENTIALS_MISSING: [
    503,
    (providerId: string, envName: string) =>
      `Sign-in with ${providerId} uses the instance's shared credentials, but this instance has none: set ${envName}_CLIENT_ID and ${envName}_CLIENT_SECRET, or give the project its own (standard) credentials.`,
  ],
  PROVIDER_TOKEN_ENDPOINT_UNREACHABLE: [
    502,
    (providerId: string, reason: string) => `The ${providerId} token endpoint could not be reached: ${reason}`,
  ],
  PROVIDER_GAVE_NO_ACCESS_TOKEN: [502, (providerId: string) => `${providerId} answered the token request without an access token.`],
  PROVIDER_REFUSED_GRANT: [400, (providerId: string, reason: string) => `${providerId} refused the grant: ${reason}`],
  PROVIDER_PROFILE_UNREADABLE: [502, (providerId: string, reason: string) => `Could not read the ${providerId} profile: ${reason}`],

  // The development OAuth provider
  DEV_PROVIDER_ONLY_IN_DEVELOPMENT: [404, 'The development OAuth provider exists only in development mode.'],
  DEV_PROVIDER_UNKNOWN_CLIENT: [400, 'Unknown client_id for the development OAuth provider.'],
  DEV_PROVIDER_REDIRECT_NOT_A_URL: [400, 'redirect_uri must be a URL.'],
  DEV_PROVIDER_FOREIGN_REDIRECT: [400, "The development OAuth provider only redirects to authd's own callback."],
  DEV_PROVIDER_PKCE_REQUIRED: [400, 'PKCE with S256 is required.'],
  DEV_PROVIDER_INVALID_EMAIL: [400, 'Please enter a valid email'],

  // Email
  SHARED_SMTP_MISSING: [
    503,
    'This project sends email through the shared SMTP server, but this authd instance has none. Start authd with --smtp (or AUTHD_SMTP_URL), or give the project its own email server.',
  ],
  TEST_EMAIL_NOT_SENT: [
    502,
    (server: string, reason: string) => `The test email was not accepted by ${server}: ${reason}`,
  ],
  INVALID_EMAIL_TEMPLATE_CONTENT: [400, 'Invalid email template content'],
  EMAIL_TEMPLATE_NOT_FOUND: [404, 'Email template not found'],

  // Webhooks
  INVALID_WEBHOOK_MANAGEMENT_TOKEN: [
    401,
    'The webhook management token is invalid or has expired. Ask POST /webhooks/svix-token for a new one.',
  ],
  WEBHOOK_MANAGEMENT_TOKEN_OF_ANOTHER_PROJECT: [401, 'This webhook management token belongs to another project.'],
  WEBHOOK_DELIVERY_NOT_FOUND: [404, 'Webhook delivery not found.'],
  WEBHOOK_ENDPOINT_NOT_FOUND: [404, 'Webhook endpoint not found.'],
  WEBHOOK_MESSAGE_NOT_FOUND: [404, 'Webhook message not found.'],
  WEBHOOK_URL_TOO_LONG: [400, (maxLength: number) => `Webhook URLs may be at most ${maxLength} characters long.`],
  WEBHOOK_URL_NOT_HTTP: [400, 'The webhook URL must be an absolute http or https URL.'],
  WEBHOOK_URL_WITH_CREDENTIALS: [400, 'The webhook URL must not contain credentials.'],
  WEBHOOK_URL_NOT_HTTPS_IN_PRODUCTION: [400, 'In production mode webhook URLs must use https.'],
  WEBHOOK_URL_NOT_PUBLIC_IN_PRODUCTION: [
    400,
    'In production mode webhook URLs must reach the public internet: not localhost, a private or link-local network, or a cloud metadata address.',
  ],
  TOO_MANY_WEBHOOK_ENDPOINTS: [400, (maxEndpoints: number) => `A project can have at most ${maxEndpoints} webhook endpoints.`],

  // Rate limits: answered with Retry-After, which the SDK waits out before it retries.
  TOO_MANY_ATTEMPTS: [429, (retryAfterSeconds: number) => `Too many attempts. Try again in ${retryAfterSeconds} seconds.`],
  ACCOUNT_LOCKED_AFTER_FAILED_ATTEMPTS: [
    429,
    'Too many failed attempts for this account. Its owner has been emailed a link to unlock it.',
  ],
  ACCOUNT_LOCKED_WITHOUT_UNLOCK_EMAIL: [
    429,
    'Too many failed attempts for this account. Sign in from a device that has signed in to it before, or try again later.',
  ],
} as const satisfies Record<string, readonly [number, PlainText]>;

type Catalogue = typeof catalogue;
export type PlainTextErrorName = keyof Catalogue;
type ValuesOf<N extends PlainTextErrorName> = Catalogue[N][1] extends (...values: infer V) => string ? V : [];

export class PlainTextError extends Error {
  readonly errorName: PlainTextErrorName;
  readonly status: number;
  /** Set for 429 answers: how long the caller should wait, sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(errorName: PlainTextErrorName, status: number, text: string, retryAfterSeconds?: number) {
    super(text);
    this.name = 'PlainTextError';
    this.errorName = errorName;
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  is(errorName: PlainTextErrorName): boolean {
    return this.errorName === errorName;
  }
}

function textOf<N extends PlainTextErrorName>(name: N, values: ValuesOf<N>): string {
  const text: PlainText = catalogue[name][1];
  return typeof text === 'string' ? text : (text as (...values: unknown[]) => string)(...values);
}

/** The named plain-text error, its text filled in with `values`. */
export function plainTextError<N extends PlainTextErrorName>(name: N, ...values: ValuesOf<N>): PlainTextError {
  return new PlainTextError(name, catalogue[name][0], textOf(name, values));
}

type RateLimitName = { [N in PlainTextErrorName]: Catalogue[N][0] extends 429 ? N : never }[PlainTextErrorName];

/** A 429 refusal: the caller may try again after `retryAfterSeconds`. */
export class RateLimitedError extends PlainTextError {
  declare readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, name: RateLimitName = 'TOO_MANY_ATTEMPTS') {
    const text = name === 'TOO_MANY_ATTEMPTS' ? textOf(name, [retryAfterSeconds]) : textOf(name, [] as never);
    super(name, catalogue[name][0], text, retryAfterSeconds);
    this.name = 'RateLimitedError';
  }
}

/** Every name with its status, for the catalogue's own test and for documentation. */
export const plainTextErrorStatuses: Readonly<Record<PlainTextErrorName, number>> = Object.fromEntries(
  Object.entries(catalogue).map(([name, [status]]) => [name, status]),
) as Record<PlainTextErrorName, number>;
