// The SQLite schema (drizzle). Times are integer milliseconds since the epoch; booleans are
// 0/1 integers. Project-scoped tables cascade on project deletion so a delete is one statement.
import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';

const millis = (name: string) => integer(name, { mode: 'number' });
const flag = (name: string) => integer(name, { mode: 'boolean' });
const json = (name: string) => text(name, { mode: 'json' }).$type<unknown>();
/** A required key to the row this one belongs to: deleting that row deletes this one with it. */
const belongsTo = (name: string, owner: () => AnySQLiteColumn) => text(name).notNull().references(owner, { onDelete: 'cascade' });

export const projects = sqliteTable('projects', {
  id: text('id').primaryKey(),
  displayName: text('display_name').notNull(),
  description: text('description').notNull().default(''),
  createdAt: millis('created_at').notNull(),
  isProductionMode: flag('is_production_mode').notNull().default(false),
  // The config has an id of its own on the wire (admin view `config.id`).
  configId: text('config_id').notNull(),
  allowLocalhost: flag('allow_localhost').notNull().default(true),
  signUpEnabled: flag('sign_up_enabled').notNull().default(true),
  credentialEnabled: flag('credential_enabled').notNull().default(true),
  magicLinkEnabled: flag('magic_link_enabled').notNull().default(false),
  passkeyEnabled: flag('passkey_enabled').notNull().default(false),
  clientTeamCreationEnabled: flag('client_team_creation_enabled').notNull().default(false),
  clientUserDeletionEnabled: flag('client_user_deletion_enabled').notNull().default(false),
  createTeamOnSignUp: flag('create_team_on_sign_up').notNull().default(false),
  /** Each refresh returns a new refresh token; presenting a used one ends the whole session. */
  refreshTokenRotation: flag('refresh_token_rotation').notNull().default(false),
  /** Refuse breached, email-containing and easily guessed passwords (credentials/password-policy.ts). */
  passwordStrengthCheck: flag('password_strength_check').notNull().default(true),
  /** Only an account holding the invited address (verified) may accept a team invitation. */
  teamInvitationRequiresMatchingEmail: flag('team_invitation_requires_matching_email').notNull().default(false),
  /** Audit events older than this many days are pruned; 0 keeps them forever. */
  auditLogRetentionDays: integer('audit_log_retention_days').notNull().default(90),
  /** The language of screens and emails for people whose own choice and browser say nothing authd has (server/protocol/locales.ts). */
  defaultLocale: text('default_locale').notNull().default('en'),
});

/** One row per project: `shared` uses the instance SMTP, `standard` the project's own server. */
export const projectEmailConfigs = sqliteTable('project_email_configs', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  type: text('type', { enum: ['shared', 'standard'] }).notNull(),
  host: text('host'),
  port: integer('port'),
  username: text('username'),
  /** Sealed with the instance key: SMTP needs it in the clear and the admin view shows it. */
  password: text('password'),
  senderName: text('sender_name'),
  senderEmail: text('sender_email'),
});

export const projectDomains = sqliteTable(
  'project_domains',
  {
    projectId: belongsTo('project_id', () => projects.id),
    // The wire keeps domains in insertion order.
    position: integer('position').notNull(),
    domain: text('domain').notNull(),
    handlerPath: text('handler_path').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.domain] })],
);

export const projectOAuthProviders = sqliteTable(
  'project_oauth_providers',
  {
    projectId: belongsTo('project_id', () => projects.id),
    providerId: text('provider_id').notNull(),
    enabled: flag('enabled').notNull(),
    type: text('type', { enum: ['shared', 'standard'] }).notNull(),
    clientId: text('client_id'),
    /** Sealed with the instance key: the token exchange sends it and the admin view shows it. */
    clientSecret: text('client_secret'),
    facebookConfigId: text('facebook_config_id'),
    microsoftTenantId: text('microsoft_tenant_id'),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.providerId] })],
);

/**
 * An API key set. Keys are random and long, so a SHA-256 digest is enough to store them
 * (no slow hash needed); only the digest and the last four characters are kept.
 */
export const apiKeySets = sqliteTable(
  'api_key_sets',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    description: text('description').notNull(),
    createdAt: millis('created_at').notNull(),
    expiresAt: millis('expires_at').notNull(),
    manuallyRevokedAt: millis('manually_revoked_at'),
    publishableClientKeyHash: text('publishable_client_key_hash'),
    publishableClientKeyLastFour: text('publishable_client_key_last_four'),
    secretServerKeyHash: text('secret_server_key_hash'),
    secretServerKeyLastFour: text('secret_server_key_last_four'),
    superSecretAdminKeyHash: text('super_secret_admin_key_hash'),
    superSecretAdminKeyLastFour: text('super_secret_admin_key_last_four'),
  },
  (t) => [index('api_key_sets_project_idx').on(t.projectId, t.createdAt)],
);

/** Custom team permission definitions; the five `$` system permissions are built in, not rows. */
export const permissionDefinitions = sqliteTable(
  'permission_definitions',
  {
    projectId: belongsTo('project_id', () => projects.id),
    id: text('id').notNull(),
    description: text('description'),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.id] })],
);

/** Edges of the contained-permission graph. The child may be a system permission id. */
export const permissionContainments = sqliteTable(
  'permission_containments',
  {
    projectId: text('project_id').notNull(),
    permissionId: text('permission_id').notNull(),
    containedPermissionId: text('contained_permission_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.permissionId, t.containedPermissionId] }),
    // Deleting a definition removes the edges that start from it; edges that point at it are
    // removed by core, since a child may also be a built-in system id with no row.
    foreignKey({
      columns: [t.projectId, t.permissionId],
      foreignColumns: [permissionDefinitions.projectId, permissionDefinitions.id],
    }).onDelete('cascade'),
  ],
);

/** Which permissions a team creator / a joining member gets. Ids may be system ids. */
export const projectDefaultPermissions = sqliteTable(
  'project_default_permissions',
  {
    projectId: belongsTo('project_id', () => projects.id),
    kind: text('kind', { enum: ['team_creator', 'team_member'] }).notNull(),
    permissionId: text('permission_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.kind, t.permissionId] })],
);

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    displayName: text('display_name'),
    /** Display name case-folded by core for search: SQLite's lower() folds only ASCII. */
    displayNameFolded: text('display_name_folded'),
    profileImageUrl: text('profile_image_url'),
    clientMetadata: json('client_metadata'),
    clientReadOnlyMetadata: json('client_read_only_metadata'),
    serverMetadata: json('server_metadata'),
    signedUpAt: millis('signed_up_at').notNull(),
    lastActiveAt: millis('last_active_at').notNull(),
    /** UTC day (days since the epoch) of the user's last counted activity: daily active users count each user once a day. */
    lastActiveDay: integer('last_active_day'),
    /** argon2id, or an imported bcrypt hash until the next successful sign-in rehashes it. */
    passwordHash: text('password_hash'),
    otpAuthEnabled: flag('otp_auth_enabled').notNull().default(false),
    /** TOTP secret (its standard base64) sealed with the instance key; `requiresTotpMfa` is what triggers the second factor. */
    totpSecretBase64: text('totp_secret_base64'),
    requiresTotpMfa: flag('requires_totp_mfa').notNull().default(false),
    /** The 30 s time step of the last accepted TOTP code: a code of that step or an earlier one is a replay. */
    totpLastUsedStep: integer('totp_last_used_step'),
    selectedTeamId: text('selected_team_id'),
    /** The language the user chose for screens and emails; null follows the browser and the project. */
    locale: text('locale'),
    /** The user's id in the system it was imported from: a second run of the same import skips it. */
    externalId: text('external_id'),
    /** When a ban was set; null for a user who is not banned. Sign-in and refresh are refused while it holds. */
    bannedAt: millis('banned_at'),
    /** When the ban ends by itself; null with bannedAt set is a ban until lifted. */
    bannedUntil: millis('banned_until'),
    /** Why, as the admin wrote it: shown to admins, never to the user. */
    banReason: text('ban_reason'),
  },
  (t) => [
    // One user per source id in a project; NULL (users made in authd) never clash.
    uniqueIndex('users_project_external_id_idx').on(t.projectId, t.externalId),
    // The list's order, id included: a cursor page is then one range seek, however deep.
    index('users_project_signed_up_idx').on(t.projectId, t.signedUpAt, t.id),
    // Usage metrics: the most recently active users.
    index('users_project_last_active_idx').on(t.projectId, t.lastActiveAt),
  ],
);

/**
 * How many users a project has, and how many may sign in with a password or a one-time code,
 * kept by SQLite triggers on `users` (migration 0008) so that every write path, whoever wrote
 * it, keeps them right and usage metrics read them without counting a million rows.
 */
export const projectUserCounts = sqliteTable('project_user_counts', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  userCount: integer('user_count').notNull().default(0),
  passwordUserCount: integer('password_user_count').notNull().default(0),
  otpUserCount: integer('otp_user_count').notNull().default(0),
});

/** Distinct active users per project and UTC day, counted at a user's first token of the day. */
export const dailyActiveUserCounts = sqliteTable(
  'daily_active_user_counts',
  {
    projectId: belongsTo('project_id', () => projects.id),
    /** Days since the epoch, UTC. */
    day: integer('day').notNull(),
    activeUsers: integer('active_users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day] })],
);

/**
 * Users per project and UTC day of sign-up, kept by triggers on `users` (migration 0018), so the
 * metrics' daily sign-up series reads 31 rows instead of counting every user of the last month.
 */
export const dailySignUpCounts = sqliteTable(
  'daily_sign_up_counts',
  {
    projectId: belongsTo('project_id', () => projects.id),
    /** Days since the epoch, UTC. */
    day: integer('day').notNull(),
    signUps: integer('sign_ups').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day] })],
);

export const contactChannels = sqliteTable(
  'contact_channels',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    userId: belongsTo('user_id', () => users.id),
    type: text('type', { enum: ['email'] }).notNull(),
    value: text('value').notNull(),
    /** The value case-folded by core, for search. */
    valueFolded: text('value_folded').notNull().default(''),
    /** The value as addresses are compared (emailAddressKey): ASCII letters lower-cased. */
    valueKey: text('value_key').notNull().default(''),
    /**
     * Set by migration 0020 on a sign-in address whose key an older one of the project already
     * had (two accounts differing only in case): both keep signing in with the address as typed,
     * and `serve` reports them until one is changed. Never set by new writes.
     */
    keyClash: flag('key_clash').notNull().default(false),
    isVerified: flag('is_verified').notNull(),
    isPrimary: flag('is_primary').notNull(),
    usedForAuth: flag('used_for_auth').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [
    index('contact_channels_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('contact_channels_user_value_idx').on(t.userId, t.type, t.value),
    // An address signs in to at most one account per project, whatever its letters' case.
    uniqueIndex('contact_channels_auth_key_idx')
      .on(t.projectId, t.type, t.valueKey)
      .where(sql`used_for_auth = 1 AND NOT key_clash`),
    index('contact_channels_project_key_idx').on(t.projectId, t.valueKey),
  ],
);

/** Refresh tokens: opaque, stored as SHA-256 digests, never rotated. */
export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    userId: belongsTo('user_id', () => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: millis('created_at').notNull(),
    expiresAt: millis('expires_at').notNull(),
    /**
     * With rotation, every token of one sign-in shares its first token's id here, so reuse of a
     * replaced token can end them all. Null for tokens that are never rotated.
     */
    sessionId: text('session_id'),
    /** When a rotation replaced this token; it is then only kept to recognise its reuse. */
    replacedAt: millis('replaced_at'),
    /** The last refresh with this token (written at most once a minute), and from where. */
    lastUsedAt: millis('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    lastUsedUserAgent: text('last_used_user_agent'),
    /**
     * When the user last proved a factor in this session (signing in counts; so does
     * re-authenticating), for the calls that need a recent one. Null on sessions older than the
     * column: they count from created_at.
     */
    verifiedAt: millis('verified_at'),
    /**
     * An impersonation session's actor, as its access tokens name it in the RFC 8693 `act` claim
     * (`{"sub": …}` as JSON); null for the user's own sign-ins.
     */
    actor: text('actor'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/**
 * Sessions ended before their access tokens ran out: a token naming one of these (its `sid`) is
 * refused. Kept only while a token issued before the revocation could still be valid.
 */
export const revokedSessions = sqliteTable(
  'revoked_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    projectId: text('project_id').notNull(),
    revokedAt: millis('revoked_at').notNull(),
    /** When the last access token this revocation covers expires; the row goes after that. */
    expiresAt: millis('expires_at').notNull(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
);

/** Teams of a project. */
export const teams = sqliteTable(
  'teams',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    displayName: text('display_name').notNull(),
    profileImageUrl: text('profile_image_url'),
    clientMetadata: json('client_metadata'),
    clientReadOnlyMetadata: json('client_read_only_metadata'),
    serverMetadata: json('server_metadata'),
    createdAt: millis('created_at').notNull(),
    /** The team's id in the system it was imported from (an organisation): a second run skips it. */
    externalId: text('external_id'),
  },
  (t) => [
    index('teams_project_created_idx').on(t.projectId, t.createdAt),
    // One team per source id in a project; NULL (teams made in authd) never clash.
    uniqueIndex('teams_project_external_id_idx').on(t.projectId, t.externalId),
  ],
);

/** Memberships, each with the member's team profile: null fields fall back to the user's. */
export const teamMembers = sqliteTable(
  'team_members',
  {
    projectId: text('project_id').notNull(),
    teamId: belongsTo('team_id', () => teams.id),
    userId: belongsTo('user_id', () => users.id),
    displayName: text('display_name'),
    profileImageUrl: text('profile_image_url'),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId, t.createdAt)],
);

/** Permissions granted directly to a member in a team; ids may be system ids. */
export const teamMemberPermissions = sqliteTable(
  'team_member_permissions',
  {
    projectId: text('project_id').notNull(),
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    permissionId: text('permission_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId, t.permissionId] }),
    // Leaving a team (or its deletion) takes the member's grants with it.
    foreignKey({ columns: [t.teamId, t.userId], foreignColumns: [teamMembers.teamId, teamMembers.userId] }).onDelete('cascade'),
    index('team_member_permissions_project_permission_idx').on(t.projectId, t.permissionId),
  ],
);

/**
 * ES256 key pairs of each project. The one with no `retiredAt` signs new access tokens; a
 * retired one still verifies the tokens it signed until they expire, then it is dropped. The
 * private JWK is sealed with the instance key (server/core/sealed-secrets.ts), so a copy of the
 * database alone cannot mint tokens.
 */
export const projectSigningKeys = sqliteTable(
  'project_signing_keys',
  {
    keyId: text('key_id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    privateJwkSealed: text('private_jwk').notNull(),
    publicJwk: text('public_jwk', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: millis('created_at').notNull(),
    retiredAt: millis('retired_at'),
  },
  (t) => [
    index('project_signing_keys_project_idx').on(t.projectId, t.createdAt),
    // One signing key per project: two processes racing to create the first one insert once.
    uniqueIndex('project_signing_keys_current_idx')
      .on(t.projectId)
      .where(sql`retired_at IS NULL`),
  ],
);

/**
 * Every emailed or returned one-time code. Only digests are stored: of the whole code
 * for lookup, and of its last 39 characters (the OTP nonce) for the shared attempt counter.
 */
export const verificationCodes = sqliteTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    kind: text('kind').notNull(),
    codeHash: text('code_hash').notNull(),
    nonceHash: text('nonce_hash').notNull(),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    attemptCount: integer('attempt_count').notNull().default(0),
    createdAt: millis('created_at').notNull(),
    expiresAt: millis('expires_at').notNull(),
    usedAt: millis('used_at'),
  },
  (t) => [
    uniqueIndex('verification_codes_lookup_idx').on(t.projectId, t.kind, t.codeHash),
    index('verification_codes_nonce_idx').on(t.projectId, t.nonceHash),
    index('verification_codes_expiry_idx').on(t.kind, t.expiresAt),
  ],
);

/** Project-edited email templates; a type without a row uses the built-in default. */
export const emailTemplates = sqliteTable(
  'email_templates',
  {
    projectId: belongsTo('project_id', () => projects.id),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    content: text('content', { mode: 'json' }).$type<unknown>().notNull(),
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.type] })],
);

/**
 * The durable email queue. A message is written in the same transaction as the change that
 * caused it and delivered by a worker; `outbox` marks development mail that is only kept.
 * Subject and body are sealed with the instance key; the body is emptied once the message is
 * delivered or given up on, leaving the delivery record.
 */
export const emailMessages = sqliteTable(
  'email_messages',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'outbox'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: millis('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: millis('created_at').notNull(),
    sentAt: millis('sent_at'),
  },
  (t) => [
    index('email_messages_due_idx').on(t.status, t.nextAttemptAt),
    index('email_messages_recipient_idx').on(t.recipient, t.createdAt),
  ],
);

/**
 * A provider account (GitHub, Google, …) connected to a user (the user's `oauth_providers`). A
 * provider account belongs to at most one user of a project.
 */
export const oauthAccounts = sqliteTable(
  'oauth_accounts',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    userId: belongsTo('user_id', () => users.id),
    providerId: text('provider_id').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    email: text('email'),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('oauth_accounts_provider_account_idx').on(t.projectId, t.providerId, t.providerAccountId),
    index('oauth_accounts_user_idx').on(t.userId, t.providerId),
  ],
);

/**
 * Provider access and refresh tokens kept for connected accounts, sealed with the
 * instance key (server/core/storage/secret-box.ts) because authd must hand them back in the clear.
 */
export const oauthTokens = sqliteTable(
  'oauth_tokens',
  {
    id: text('id').primaryKey(),
    oauthAccountId: belongsTo('oauth_account_id', () => oauthAccounts.id),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    sealedToken: text('sealed_token').notNull(),
    /** Granted scopes, space-separated. */
    scopes: text('scopes').notNull(),
    /** Null when the provider gave no lifetime (refresh tokens, some access tokens). */
    expiresAt: millis('expires_at'),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [index('oauth_tokens_account_idx').on(t.oauthAccountId, t.kind, t.createdAt)],
);

/** A project's webhook endpoints. The signing secret is sealed with the instance key (secret-box). */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    secretSealed: text('secret_sealed').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [index('webhook_endpoints_project_idx').on(t.projectId, t.createdAt)],
);

/**
 * The webhook outbox: one row per event, written in the transaction of the change that caused
 * it. `payload` is the exact body that is signed and sent, so every retry sends the same bytes.
 */
export const webhookEvents = sqliteTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    type: text('type').notNull(),
    payload: text('payload').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [index('webhook_events_project_idx').on(t.projectId, t.createdAt)],
);

/** One event to one endpoint, with its retry state. */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    eventId: belongsTo('event_id', () => webhookEvents.id),
    endpointId: belongsTo('endpoint_id', () => webhookEndpoints.id),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: millis('next_attempt_at').notNull(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: millis('created_at').notNull(),
    deliveredAt: millis('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

/** The delivery log: every attempt with the receiver's status code or the network error. */
export const webhookDeliveryAttempts = sqliteTable(
  'webhook_delivery_attempts',
  {
    deliveryId: belongsTo('delivery_id', () => webhookDeliveries.id),
    attempt: integer('attempt').notNull(),
    attemptedAt: millis('attempted_at').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.attempt] })],
);

/**
 * WebAuthn credentials (passkeys) a user signs in with. Only the public key is stored: the private
 * key never leaves the authenticator. `signCount` is the last signature counter seen, so a cloned
 * authenticator or a replayed assertion shows up as a counter that did not grow.
 */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    userId: belongsTo('user_id', () => users.id),
    /** The credential id as base64url, what the authenticator names the key by. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key as base64url. */
    publicKeyBase64Url: text('public_key_base64url').notNull(),
    signCount: integer('sign_count').notNull().default(0),
    /** The WebAuthn user handle given at registration (base64url); the SDK returns it from register. */
    userHandle: text('user_handle').notNull(),
    transports: json('transports'),
    name: text('name').notNull(),
    /** The RP id the passkey was registered for: an assertion must come from the same one. */
    rpId: text('rp_id').notNull(),
    createdAt: millis('created_at').notNull(),
    lastUsedAt: millis('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.projectId, t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * One-time codes that stand in for a TOTP code at the second step of a sign-in, for a user who
 * lost their authenticator. Only a keyed digest is stored (HMAC with the instance key), so a copy
 * of the database alone cannot be searched for them.
 */
export const mfaRecoveryCodes = sqliteTable(
  'mfa_recovery_codes',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    userId: belongsTo('user_id', () => users.id),
    codeDigest: text('code_digest').notNull(),
    createdAt: millis('created_at').notNull(),
    usedAt: millis('used_at'),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId, t.codeDigest)],
);

/**
 * The audit log: who did what to which account, when and from where. Written in the transaction
 * of the change it records (a failed sign-in, which changes nothing, on its own). `id` orders the
 * events and is the list's cursor.
 */
export const auditEvents = sqliteTable(
  'audit_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: belongsTo('project_id', () => projects.id),
    occurredAt: millis('occurred_at').notNull(),
    type: text('type').notNull(),
    /** client, server, admin (keys or an admin's token), cli (the CLI or TUI on the machine), system. */
    actorType: text('actor_type').notNull(),
    /** The signed-in user behind a client or admin call, or the operating-system user of the CLI. */
    actorId: text('actor_id'),
    /** The account the event is about; no foreign key, so a deleted user's history stays. */
    subjectUserId: text('subject_user_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: json('details'),
  },
  (t) => [
    index('audit_events_project_idx').on(t.projectId, t.id),
    index('audit_events_subject_idx').on(t.projectId, t.subjectUserId, t.id),
    index('audit_events_type_idx').on(t.projectId, t.type, t.id),
    index('audit_events_time_idx').on(t.occurredAt),
  ],
);

/**
 * Relying parties of a project's OpenID Provider (server/core/oidc). The client secret is kept
 * as a SHA-256 digest (it is 225 random bits, like an API key); a public client has none and
 * must use PKCE. Redirect URIs are matched exactly.
 */
export const oidcClients = sqliteTable(
  'oidc_clients',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    name: text('name').notNull(),
    secretHash: text('secret_hash'),
    redirectUris: json('redirect_uris').notNull(),
    postLogoutRedirectUris: json('post_logout_redirect_uris').notNull(),
    allowedScopes: json('allowed_scopes').notNull(),
    /** The project's own app: no consent screen. */
    firstParty: flag('first_party').notNull().default(false),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [index('oidc_clients_project_idx').on(t.projectId)],
);

/**
 * Authorization codes and the grants (token families) made from them. A code is stored as a
 * digest, usable once and briefly; the grant made from it names it, so that a second use of the
 * code revokes what the first one issued. The refresh token (offline_access) is rotated on use.
 */
export const oidcGrants = sqliteTable(
  'oidc_grants',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    clientId: belongsTo('client_id', () => oidcClients.id),
    userId: belongsTo('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: millis('code_expires_at').notNull(),
    /** When the code was exchanged; a second exchange finds this set. */
    codeUsedAt: millis('code_used_at'),
    redirectUri: text('redirect_uri').notNull(),
    scopes: text('scopes').notNull(),
    nonce: text('nonce'),
    codeChallenge: text('code_challenge'),
    authTime: millis('auth_time').notNull(),
    amr: json('amr').notNull(),
    refreshTokenHash: text('refresh_token_hash'),
    createdAt: millis('created_at').notNull(),
    expiresAt: millis('expires_at').notNull(),
    revokedAt: millis('revoked_at'),
  },
  (t) => [
    uniqueIndex('oidc_grants_code_idx').on(t.codeHash),
    uniqueIndex('oidc_grants_refresh_idx').on(t.refreshTokenHash),
    index('oidc_grants_user_idx').on(t.userId),
  ],
);

/** Consents a user gave a (not first-party) client: the scopes it may have without asking again. */
export const oidcConsents = sqliteTable(
  'oidc_consents',
  {
    userId: belongsTo('user_id', () => users.id),
    clientId: belongsTo('client_id', () => oidcClients.id),
    projectId: text('project_id').notNull(),
    scopes: text('scopes').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] })],
);
