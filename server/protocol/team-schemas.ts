// Payload schemas and views for teams, memberships, member profiles, team permissions,
// permission definitions and invitations.
import * as v from 'valibot';
import { permissionIdSchema } from './permission-ids';
import { emailSchema, profileImageUrlSchema, urlSchema, userIdOrMeSchema, uuidSchema } from './user-schemas';
import { wireObject } from './wire-object';

const jsonValue = v.unknown();
const displayNameSchema = v.pipe(v.string(), v.minLength(1, 'Please enter a team name'), v.maxLength(256));
/** A team is created with a name, but may be renamed to the empty string, as in Stack. */
const newDisplayNameSchema = v.pipe(v.string(), v.maxLength(256));
/** Clients send images as data (checked in core), servers as URLs. */
const clientImageSchema = v.pipe(v.string(), v.maxLength(1_000_000, 'Profile image URL is limited to 1,000,000 characters'));

export const teamCreateServerSchema = wireObject({
  display_name: displayNameSchema,
  profile_image_url: v.optional(v.nullable(profileImageUrlSchema)),
  client_metadata: v.optional(jsonValue),
  client_read_only_metadata: v.optional(jsonValue),
  server_metadata: v.optional(jsonValue),
  creator_user_id: v.optional(userIdOrMeSchema),
});
export const teamCreateClientSchema = wireObject({
  display_name: displayNameSchema,
  profile_image_url: v.optional(v.nullable(clientImageSchema)),
  client_metadata: v.optional(jsonValue),
  creator_user_id: v.optional(userIdOrMeSchema),
});
export type TeamCreate = v.InferOutput<typeof teamCreateServerSchema>;

export const teamUpdateServerSchema = wireObject({
  display_name: v.optional(newDisplayNameSchema),
  profile_image_url: v.optional(v.nullable(profileImageUrlSchema)),
  client_metadata: v.optional(jsonValue),
  client_read_only_metadata: v.optional(jsonValue),
  server_metadata: v.optional(jsonValue),
});
export const teamUpdateClientSchema = wireObject({
  display_name: v.optional(newDisplayNameSchema),
  profile_image_url: v.optional(v.nullable(clientImageSchema)),
  client_metadata: v.optional(jsonValue),
});
export type TeamUpdate = v.InferOutput<typeof teamUpdateServerSchema>;
/** The body each access level may send (clients set no server fields and send images as data). */
export const teamCreateByAccess = { client: teamCreateClientSchema, server: teamCreateServerSchema };
export const teamUpdateByAccess = { client: teamUpdateClientSchema, server: teamUpdateServerSchema };

const booleanQuery = v.pipe(
  v.picklist(['true', 'false'], 'Must be true or false'),
  v.transform((s) => s === 'true'),
);

export const teamListQuery = wireObject({ user_id: v.optional(userIdOrMeSchema) });
export const teamCreateQuery = wireObject({ add_current_user: v.optional(booleanQuery) });
export const teamParams = v.strictObject({ team_id: uuidSchema });
export const teamUserParams = v.strictObject({ team_id: uuidSchema, user_id: userIdOrMeSchema });

export const memberProfileListQuery = wireObject({ team_id: v.optional(uuidSchema), user_id: v.optional(userIdOrMeSchema) });
export const memberProfileUpdateSchema = wireObject({
  display_name: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(256)))),
  profile_image_url: v.optional(v.nullable(clientImageSchema)),
});
export type MemberProfileUpdate = v.InferOutput<typeof memberProfileUpdateSchema>;

export const teamPermissionListQuery = wireObject({
  team_id: v.optional(uuidSchema),
  user_id: v.optional(userIdOrMeSchema),
  permission_id: v.optional(v.string()),
  recursive: v.optional(booleanQuery),
});
export const teamPermissionParams = v.strictObject({ team_id: uuidSchema, user_id: userIdOrMeSchema, permission_id: v.string() });

export const permissionDefinitionCreateSchema = wireObject({
  id: permissionIdSchema,
  description: v.optional(v.string()),
  contained_permission_ids: v.optional(v.array(permissionIdSchema)),
});
export const permissionDefinitionUpdateSchema = wireObject({
  id: v.optional(permissionIdSchema),
  description: v.optional(v.string()),
  contained_permission_ids: v.optional(v.array(permissionIdSchema)),
});
export type PermissionDefinitionInput = v.InferOutput<typeof permissionDefinitionUpdateSchema>;
export const permissionDefinitionParams = v.strictObject({ permission_id: v.string() });

export const invitationSendSchema = wireObject({
  team_id: uuidSchema,
  email: emailSchema,
  callback_url: urlSchema,
});
export const invitationTeamQuery = wireObject({ team_id: uuidSchema });
export const invitationParams = v.strictObject({ id: uuidSchema });

export interface MemberProfileClientView {
  team_id: string;
  user_id: string;
  display_name: string | null;
  profile_image_url: string | null;
}

/**
 * What a client is answered: authd adds the member's primary email (not in Stack's wire; the
 * SDK ignores it). Only the member itself or a holder of `$read_members` ever sees a profile.
 */
export type MemberProfileClientAnswer = MemberProfileClientView & { primary_email: string | null };

export interface TeamPermissionView {
  id: string;
  user_id: string;
  team_id: string;
}

export interface PermissionDefinitionView {
  id: string;
  description?: string;
  contained_permission_ids: string[];
}

export interface TeamInvitationView {
  id: string;
  team_id: string;
  expires_at_millis: number;
  recipient_email: string;
}
