// What the API answers, as valibot schemas: the OpenAPI document publishes them and the tests
// check real answers against them, so a view that changes shape fails a test instead of
// silently leaving the description behind. Extra properties are allowed, as clients must ignore
// what they do not know.
import * as v from 'valibot';

const nullableString = v.nullable(v.string());
const millis = v.number();
const json = v.unknown();

export const successResponse = v.object({ success: v.literal(true) });

export const teamClientViewResponse = v.object({
  id: v.string(),
  display_name: v.string(),
  profile_image_url: nullableString,
  client_metadata: json,
  client_read_only_metadata: json,
});

export const teamServerViewResponse = v.object({
  ...teamClientViewResponse.entries,
  created_at_millis: millis,
  server_metadata: json,
});

const userCommonEntries = {
  id: v.string(),
  primary_email: nullableString,
  primary_email_verified: v.boolean(),
  display_name: nullableString,
  selected_team_id: nullableString,
  profile_image_url: nullableString,
  signed_up_at_millis: millis,
  has_password: v.boolean(),
  otp_auth_enabled: v.boolean(),
  passkey_auth_enabled: v.boolean(),
  client_metadata: json,
  client_read_only_metadata: json,
  oauth_providers: v.array(v.object({ id: v.string(), account_id: v.string() })),
  auth_with_email: v.boolean(),
  requires_totp_mfa: v.boolean(),
  locale: nullableString,
};

export const userServerViewResponse = v.object({
  ...userCommonEntries,
  primary_email_auth_enabled: v.boolean(),
  selected_team: v.nullable(teamServerViewResponse),
  server_metadata: json,
  last_active_at_millis: millis,
  banned_at_millis: v.nullable(millis),
  banned_until_millis: v.nullable(millis),
  ban_reason: v.nullable(v.string()),
});

export const userClientViewResponse = v.object({
  ...userCommonEntries,
  selected_team: v.nullable(teamClientViewResponse),
});

const projectClientConfig = {
  sign_up_enabled: v.boolean(),
  credential_enabled: v.boolean(),
  magic_link_enabled: v.boolean(),
  passkey_enabled: v.boolean(),
  client_team_creation_enabled: v.boolean(),
  client_user_deletion_enabled: v.boolean(),
  enabled_oauth_providers: v.array(v.object({ id: v.string() })),
};

export const projectClientViewResponse = v.object({
  id: v.string(),
  display_name: v.string(),
  config: v.object(projectClientConfig),
});

export const projectAdminViewResponse = v.object({
  id: v.string(),
  display_name: v.string(),
  description: v.string(),
  created_at_millis: millis,
  user_count: v.number(),
  is_production_mode: v.boolean(),
  production_mode_errors: v.array(v.object({ message: v.string(), relative_fix_url: v.string() })),
  config: v.object({
    ...projectClientConfig,
    id: v.string(),
    allow_localhost: v.boolean(),
    create_team_on_sign_up: v.boolean(),
    refresh_token_rotation_enabled: v.boolean(),
    password_strength_check_enabled: v.boolean(),
    team_invitation_requires_matching_email: v.boolean(),
    audit_log_retention_days: v.number(),
    default_locale: v.string(),
    oauth_providers: v.array(v.object({ id: v.string(), enabled: v.boolean(), type: v.picklist(['shared', 'standard']) })),
    domains: v.array(v.object({ domain: v.string(), handler_path: v.string() })),
    email_config: v.object({ type: v.picklist(['shared', 'standard']) }),
    team_creator_default_permissions: v.array(v.object({ id: v.string() })),
    team_member_default_permissions: v.array(v.object({ id: v.string() })),
  }),
});

const lastFour = v.optional(v.object({ last_four: v.string() }));

export const apiKeySetResponse = v.object({
  id: v.string(),
  description: v.string(),
  expires_at_millis: millis,
  manually_revoked_at_millis: v.optional(millis),
  created_at_millis: millis,
  publishable_client_key: lastFour,
  secret_server_key: lastFour,
  super_secret_admin_key: lastFour,
});

export const apiKeySetCreatedResponse = v.object({
  id: v.string(),
  description: v.string(),
  expires_at_millis: millis,
  created_at_millis: millis,
  publishable_client_key: v.optional(v.string()),
  secret_server_key: v.optional(v.string()),
  super_secret_admin_key: v.optional(v.string()),
});

export const sessionTokensResponse = v.object({
  access_token: v.string(),
  refresh_token: v.string(),
  user_id: v.string(),
});

export const accessTokenResponse = v.object({ access_token: v.string() });

export const contactChannelResponse = v.object({
  user_id: v.string(),
  id: v.string(),
  value: v.string(),
  type: v.literal('email'),
  used_for_auth: v.boolean(),
  is_verified: v.boolean(),
  is_primary: v.boolean(),
});

export const emailTemplateResponse = v.object({
  type: v.string(),
  subject: v.string(),
  content: json,
  is_default: v.boolean(),
});

export const memberProfileResponse = v.object({
  team_id: v.string(),
  user_id: v.string(),
  display_name: nullableString,
  profile_image_url: nullableString,
  /** authd only, client view: the member's primary email (the server view has it in `user`). */
  primary_email: v.optional(nullableString),
});

export const teamPermissionResponse = v.object({ id: v.string(), user_id: v.string(), team_id: v.string() });

export const permissionDefinitionResponse = v.object({
  id: v.string(),
  description: v.optional(v.string()),
  contained_permission_ids: v.array(v.string()),
});

export const teamInvitationResponse = v.object({
  id: v.string(),
  team_id: v.string(),
  expires_at_millis: millis,
  recipient_email: v.string(),
});

export const webhookEndpointResponse = v.object({
  id: v.string(),
  url: v.string(),
  description: v.string(),
  created_at_millis: millis,
});

export const webhookEndpointCreatedResponse = v.object({ ...webhookEndpointResponse.entries, secret: v.string() });

export const webhookDeliveryResponse = v.object({
  id: v.string(),
  endpoint_id: v.string(),
  event_id: v.string(),
  event_type: v.string(),
  status: v.picklist(['pending', 'succeeded', 'failed']),
  attempts: v.number(),
  next_attempt_at_millis: v.nullable(millis),
  last_status_code: v.nullable(v.number()),
  last_error: nullableString,
  created_at_millis: millis,
  delivered_at_millis: v.nullable(millis),
  attempt_log: v.array(
    v.object({
      attempt: v.number(),
      attempted_at_millis: millis,
      status_code: v.nullable(v.number()),
      error: nullableString,
      response_excerpt: nullableString,
    }),
  ),
});

const dailyCount = v.object({ date: v.string(), activity: v.number() });

export const usageMetricsResponse = v.object({
  total_users: v.number(),
  daily_users: v.array(dailyCount),
  daily_active_users: v.array(dailyCount),
  users_by_country: v.record(v.string(), v.number()),
  recently_registered: v.array(json),
  recently_active: v.array(json),
  login_methods: v.array(v.object({ method: v.string(), count: v.number() })),
});

/** Stack's list envelope: `is_paginated` false for the short lists, true with a cursor for users. */
export function listResponse<Item extends v.GenericSchema>(item: Item) {
  return v.object({ items: v.array(item), is_paginated: v.boolean() });
}

export function paginatedListResponse<Item extends v.GenericSchema>(item: Item) {
  return v.object({
    items: v.array(item),
    is_paginated: v.literal(true),
    pagination: v.object({ next_cursor: nullableString }),
  });
}
