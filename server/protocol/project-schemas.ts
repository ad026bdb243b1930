// Payload schemas for projects, shared by the HTTP routes and the
// CLI so a rule such as "domains must be https" is written once.
import * as v from 'valibot';
import { wireObject } from './wire-object';
import { permissionIdSchema } from './permission-ids';
import { supportedLocales } from './locales';

// No message of its own: the SCHEMA_ERROR line reads as Stack's, "… must not be empty".
const nonEmptyString = () => v.pipe(v.string(), v.trim(), v.nonEmpty());

export const trustedDomainSchema = wireObject({
  domain: v.pipe(v.string(), v.startsWith('https://', 'Domain must start with https://'), v.url('Invalid URL')),
  handler_path: v.pipe(v.string(), v.startsWith('/', 'Handler path must start with /')),
});

export const oauthProviderConfigSchema = wireObject({
  // Checked in core, which answers INVALID_SHARED/STANDARD_OAUTH_PROVIDER_ID as Stack does.
  id: v.string(),
  enabled: v.boolean(),
  type: v.picklist(['shared', 'standard'], 'OAuth provider type must be "shared" or "standard"'),
  client_id: v.optional(v.string()),
  client_secret: v.optional(v.string()),
  facebook_config_id: v.optional(v.string()),
  microsoft_tenant_id: v.optional(v.string()),
});
export type OAuthProviderConfig = v.InferOutput<typeof oauthProviderConfigSchema>;

export const emailConfigSchema = v.variant(
  'type',
  [
    // Variant options must be plain object schemas; the discriminator already refuses arrays.
    v.strictObject({ type: v.literal('shared') }),
    v.strictObject({
      type: v.literal('standard'),
      host: nonEmptyString(),
      port: v.pipe(v.number(), v.integer('Port must be an integer'), v.minValue(0), v.maxValue(65535)),
      username: nonEmptyString(),
      password: nonEmptyString(),
      sender_name: nonEmptyString(),
      sender_email: v.pipe(v.string(), v.email('Please enter a valid email')),
    }),
  ],
  'Email config type must be "shared" or "standard"',
);
export type EmailConfig = v.InferOutput<typeof emailConfigSchema>;

const permissionListSchema = v.array(wireObject({ id: permissionIdSchema }));

export const projectConfigUpdateSchema = wireObject({
  sign_up_enabled: v.optional(v.boolean()),
  credential_enabled: v.optional(v.boolean()),
  magic_link_enabled: v.optional(v.boolean()),
  passkey_enabled: v.optional(v.boolean()),
  client_team_creation_enabled: v.optional(v.boolean()),
  client_user_deletion_enabled: v.optional(v.boolean()),
  allow_localhost: v.optional(v.boolean()),
  create_team_on_sign_up: v.optional(v.boolean()),
  /** authd addition: refresh tokens rotate, and a reused one ends its session (authd/client only). */
  refresh_token_rotation_enabled: v.optional(v.boolean()),
  /** authd addition: refuse breached, email-containing and easily guessed passwords (on by default). */
  password_strength_check_enabled: v.optional(v.boolean()),
  /** authd addition: only an account holding the invited address (verified) may accept a team invitation. */
  team_invitation_requires_matching_email: v.optional(v.boolean()),
  /** authd addition: audit events older than this are pruned; 0 keeps them forever. */
  audit_log_retention_days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36_500))),
  /** authd addition: the language of screens and emails when neither the user nor the browser names a supported one. */
  default_locale: v.optional(v.picklist(supportedLocales, `Must be one of ${supportedLocales.join(', ')}`)),
  email_config: v.optional(emailConfigSchema),
  domains: v.optional(v.array(trustedDomainSchema)),
  oauth_providers: v.optional(v.array(oauthProviderConfigSchema)),
  team_creator_default_permissions: v.optional(permissionListSchema),
  team_member_default_permissions: v.optional(permissionListSchema),
});
export type ProjectConfigUpdate = v.InferOutput<typeof projectConfigUpdateSchema>;

const displayNameSchema = v.pipe(v.string(), v.trim(), v.nonEmpty('Display name is required'), v.maxLength(256));

const projectUpdateEntries = {
  display_name: v.optional(displayNameSchema),
  description: v.optional(v.nullable(v.string())),
  is_production_mode: v.optional(v.boolean()),
  config: v.optional(projectConfigUpdateSchema),
};
export const projectUpdateSchema = wireObject(projectUpdateEntries);
export type ProjectUpdate = v.InferOutput<typeof projectUpdateSchema>;

export const projectCreateSchema = wireObject({ ...projectUpdateEntries, display_name: displayNameSchema });
export type ProjectCreate = v.InferOutput<typeof projectCreateSchema>;

export interface ProjectClientView {
  id: string;
  display_name: string;
  config: {
    sign_up_enabled: boolean;
    credential_enabled: boolean;
    magic_link_enabled: boolean;
    passkey_enabled: boolean;
    client_team_creation_enabled: boolean;
    client_user_deletion_enabled: boolean;
    enabled_oauth_providers: { id: string }[];
  };
}

export interface ProductionModeProblem {
  message: string;
  relative_fix_url: string;
}

export interface ProjectAdminView {
  id: string;
  display_name: string;
  description: string;
  created_at_millis: number;
  user_count: number;
  is_production_mode: boolean;
  /** authd addition: what blocks (or would block) production mode, with where to fix it. */
  production_mode_errors: ProductionModeProblem[];
  config: ProjectClientView['config'] & {
    id: string;
    allow_localhost: boolean;
    create_team_on_sign_up: boolean;
    refresh_token_rotation_enabled: boolean;
    password_strength_check_enabled: boolean;
    team_invitation_requires_matching_email: boolean;
    audit_log_retention_days: number;
    default_locale: string;
    oauth_providers: OAuthProviderConfig[];
    domains: { domain: string; handler_path: string }[];
    email_config: EmailConfig;
    team_creator_default_permissions: { id: string }[];
    team_member_default_permissions: { id: string }[];
  };
}
