// The PostgreSQL schema (drizzle pg-core): the same tables, columns, keys, constraints and indexes
// as the SQLite schema (db/schema.ts), with types chosen so that a row copied either way compares
// equal: times stay integer milliseconds (bigint read back as a JS number, not a Date), JSON stays
// the text it was written as, and only the 0/1 flags become real booleans (`authd copy` converts).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

// bigint, since milliseconds since the epoch overflow PostgreSQL's 4-byte integer; mode 'number'
// because every such value is far below 2^53.
const millis = (name: string) => bigint(name, { mode: 'number' });
const flag = (name: string) => boolean(name);
/**
 * JSON kept as text, as SQLite keeps it, rather than jsonb: jsonb would reorder keys and drop
 * whitespace and duplicate keys, so a value read back (and the bytes a webhook signs from it)
 * could differ from what was written, and a copy back to SQLite would not compare equal. authd
 * never queries inside these values, which is what jsonb would buy.
 */
const jsonText = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => JSON.parse(value),
});
const json = (name: string) => jsonText(name);
/** A required key to the row this one belongs to: deleting that row deletes this one with it. */
const belongsTo = (name: string, owner: () => AnyPgColumn) => text(name).notNull().references(owner, { onDelete: 'cascade' });

export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  displayName: text('display_name').notNull(),
  description: text('description').notNull().default(''),
  createdAt: millis('created_at').notNull(),
  isProductionMode: flag('is_production_mode').notNull().default(false),
  configId: text('config_id').notNull(),
  allowLocalhost: flag('allow_localhost').notNull().default(true),
  signUpEnabled: flag('sign_up_enabled').notNull().default(true),
  credentialEnabled: flag('credential_enabled').notNull().default(true),
  magicLinkEnabled: flag('magic_link_enabled').notNull().default(false),
  passkeyEnabled: flag('passkey_enabled').notNull().default(false),
  clientTeamCreationEnabled: flag('client_team_creation_enabled').notNull().default(false),
  clientUserDeletionEnabled: flag('client_user_deletion_enabled').notNull().default(false),
  createTeamOnSignUp: flag('create_team_on_sign_up').notNull().default(false),
  refreshTokenRotation: flag('refresh_token_rotation').notNull().default(false),
  passwordStrengthCheck: flag('password_strength_check').notNull().default(true),
  teamInvitationRequiresMatchingEmail: flag('team_invitation_requires_matching_email').notNull().default(false),
  auditLogRetentionDays: integer('audit_log_retention_days').notNull().default(90),
  /** The language of screens and emails for people whose own choice and browser say nothing authd has (server/protocol/locales.ts). */
  defaultLocale: text('default_locale').notNull().default('en'),
});

export const projectEmailConfigs = pgTable('project_email_configs', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  type: text('type', { enum: ['shared', 'standard'] }).notNull(),
  host: text('host'),
  port: integer('port'),
  username: text('username'),
  password: text('password'),
  senderName: text('sender_name'),
  senderEmail: text('sender_email'),
});

export const projectDomains = pgTable(
  'project_domains',
  {
    projectId: belongsTo('project_id', () => projects.id),
    position: integer('position').notNull(),
    domain: text('domain').notNull(),
    handlerPath: text('handler_path').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.domain] })],
);

export const projectOAuthProviders = pgTable(
  'project_oauth_providers',
  {
    projectId: belongsTo('project_id', () => projects.id),
    providerId: text('provider_id').notNull(),
    enabled: flag('enabled').notNull(),
    type: text('type', { enum: ['shared', 'standard'] }).notNull(),
    clientId: text('client_id'),
    clientSecret: text('client_secret'),
    facebookConfigId: text('facebook_config_id'),
    microsoftTenantId: text('microsoft_tenant_id'),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.providerId] })],
);

export const apiKeySets = pgTable(
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

export const permissionDefinitions = pgTable(
  'permission_definitions',
  {
    projectId: belongsTo('project_id', () => projects.id),
    id: text('id').notNull(),
    description: text('description'),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.id] })],
);

export const permissionContainments = pgTable(
  'permission_containments',
  {
    projectId: text('project_id').notNull(),
    permissionId: text('permission_id').notNull(),
    containedPermissionId: text('contained_permission_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.permissionId, t.containedPermissionId] }),
    foreignKey({
      columns: [t.projectId, t.permissionId],
      foreignColumns: [permissionDefinitions.projectId, permissionDefinitions.id],
    }).onDelete('cascade'),
  ],
);

export const projectDefaultPermissions = pgTable(
  'project_default_permissions',
  {
    projectId: belongsTo('project_id', () => projects.id),
    kind: text('kind', { enum: ['team_creator', 'team_member'] }).notNull(),
    permissionId: text('permission_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.kind, t.permissionId] })],
);

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    displayName: text('display_name'),
    displayNameFolded: text('display_name_folded'),
    profileImageUrl: text('profile_image_url'),
    clientMetadata: json('client_metadata'),
    clientReadOnlyMetadata: json('client_read_only_metadata'),
    serverMetadata: json('server_metadata'),
    signedUpAt: millis('signed_up_at').notNull(),
    lastActiveAt: millis('last_active_at').notNull(),
    lastActiveDay: integer('last_active_day'),
    passwordHash: text('password_hash'),
    otpAuthEnabled: flag('otp_auth_enabled').notNull().default(false),
    totpSecretBase64: text('totp_secret_base64'),
    requiresTotpMfa: flag('requires_totp_mfa').notNull().default(false),
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
    index('users_project_signed_up_idx').on(t.projectId, t.signedUpAt, t.id),
    index('users_project_last_active_idx').on(t.projectId, t.lastActiveAt),
  ],
);

/** Kept by plpgsql triggers on `users` (migration 0001 of db/pg/migrations), as SQLite's triggers keep it. */
export const projectUserCounts = pgTable('project_user_counts', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  userCount: integer('user_count').notNull().default(0),
  passwordUserCount: integer('password_user_count').notNull().default(0),
  otpUserCount: integer('otp_user_count').notNull().default(0),
});

export const dailyActiveUserCounts = pgTable(
  'daily_active_user_counts',
  {
    projectId: belongsTo('project_id', () => projects.id),
    day: integer('day').notNull(),
    activeUsers: integer('active_users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day] })],
);

export const dailySignUpCounts = pgTable(
  'daily_sign_up_counts',
  {
    projectId: belongsTo('project_id', () => projects.id),
    day: integer('day').notNull(),
    signUps: integer('sign_ups').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day] })],
);

export const contactChannels = pgTable(
  'contact_channels',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    userId: belongsTo('user_id', () => users.id),
    type: text('type', { enum: ['email'] }).notNull(),
    value: text('value').notNull(),
    valueFolded: text('value_folded').notNull().default(''),
    valueKey: text('value_key').notNull().default(''),
    keyClash: flag('key_clash').notNull().default(false),
    isVerified: flag('is_verified').notNull(),
    isPrimary: flag('is_primary').notNull(),
    usedForAuth: flag('used_for_auth').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [
    index('contact_channels_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('contact_channels_user_value_idx').on(t.userId, t.type, t.value),
    // The flag is a boolean here, so the predicate is the column itself (SQLite's `= 1`).
    uniqueIndex('contact_channels_auth_key_idx')
      .on(t.projectId, t.type, t.valueKey)
      .where(sql`used_for_auth AND NOT key_clash`),
    index('contact_channels_project_key_idx').on(t.projectId, t.valueKey),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    userId: belongsTo('user_id', () => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: millis('created_at').notNull(),
    expiresAt: millis('expires_at').notNull(),
    sessionId: text('session_id'),
    replacedAt: millis('replaced_at'),
    lastUsedAt: millis('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    lastUsedUserAgent: text('last_used_user_agent'),
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

export const revokedSessions = pgTable(
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

export const teams = pgTable(
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

export const teamMembers = pgTable(
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

export const teamMemberPermissions = pgTable(
  'team_member_permissions',
  {
    projectId: text('project_id').notNull(),
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    permissionId: text('permission_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId, t.permissionId] }),
    foreignKey({ columns: [t.teamId, t.userId], foreignColumns: [teamMembers.teamId, teamMembers.userId] }).onDelete('cascade'),
    index('team_member_permissions_project_permission_idx').on(t.projectId, t.permissionId),
  ],
);

export const projectSigningKeys = pgTable(
  'project_signing_keys',
  {
    keyId: text('key_id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    privateJwkSealed: text('private_jwk').notNull(),
    publicJwk: jsonText('public_jwk').$type<Record<string, unknown>>().notNull(),
    createdAt: millis('created_at').notNull(),
    retiredAt: millis('retired_at'),
  },
  (t) => [
    index('project_signing_keys_project_idx').on(t.projectId, t.createdAt),
    uniqueIndex('project_signing_keys_current_idx')
      .on(t.projectId)
      .where(sql`retired_at IS NULL`),
  ],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    kind: text('kind').notNull(),
    codeHash: text('code_hash').notNull(),
    nonceHash: text('nonce_hash').notNull(),
    data: jsonText('data').$type<Record<string, unknown>>().notNull(),
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

export const emailTemplates = pgTable(
  'email_templates',
  {
    projectId: belongsTo('project_id', () => projects.id),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    content: jsonText('content').notNull(),
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.type] })],
);

export const emailMessages = pgTable(
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

export const oauthAccounts = pgTable(
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

export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: text('id').primaryKey(),
    oauthAccountId: belongsTo('oauth_account_id', () => oauthAccounts.id),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    sealedToken: text('sealed_token').notNull(),
    scopes: text('scopes').notNull(),
    expiresAt: millis('expires_at'),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [index('oauth_tokens_account_idx').on(t.oauthAccountId, t.kind, t.createdAt)],
);

export const webhookEndpoints = pgTable(
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

export const webhookEvents = pgTable(
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

export const webhookDeliveries = pgTable(
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

export const webhookDeliveryAttempts = pgTable(
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

export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    userId: belongsTo('user_id', () => users.id),
    credentialId: text('credential_id').notNull(),
    publicKeyBase64Url: text('public_key_base64url').notNull(),
    // bigint: a WebAuthn signature counter is an unsigned 32-bit number, past int4's 2^31 - 1.
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    userHandle: text('user_handle').notNull(),
    transports: json('transports'),
    name: text('name').notNull(),
    rpId: text('rp_id').notNull(),
    createdAt: millis('created_at').notNull(),
    lastUsedAt: millis('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.projectId, t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

export const mfaRecoveryCodes = pgTable(
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

export const auditEvents = pgTable(
  'audit_events',
  {
    // An identity column (by default, so a copy can keep the ids it brings): SQLite's
    // AUTOINCREMENT, which never hands out an id again, even one whose row was pruned.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    projectId: belongsTo('project_id', () => projects.id),
    occurredAt: millis('occurred_at').notNull(),
    type: text('type').notNull(),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
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

export const oidcClients = pgTable(
  'oidc_clients',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    name: text('name').notNull(),
    secretHash: text('secret_hash'),
    redirectUris: json('redirect_uris').notNull(),
    postLogoutRedirectUris: json('post_logout_redirect_uris').notNull(),
    allowedScopes: json('allowed_scopes').notNull(),
    firstParty: flag('first_party').notNull().default(false),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [index('oidc_clients_project_idx').on(t.projectId)],
);

export const oidcGrants = pgTable(
  'oidc_grants',
  {
    id: text('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    clientId: belongsTo('client_id', () => oidcClients.id),
    userId: belongsTo('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: millis('code_expires_at').notNull(),
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

export const oidcConsents = pgTable(
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
