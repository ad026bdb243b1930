// Payload schemas for password auth and sessions.
import * as v from 'valibot';
import { wireObject } from './wire-object';
import { emailSchema, strictEmailSchema, urlSchema, userIdOrMeSchema, uuidSchema } from './user-schemas';

// Length rules (8..256) are checked in core so they answer PASSWORD_TOO_SHORT / _TOO_LONG.
const passwordSchema = v.string();

export const passwordSignUpSchema = wireObject({
  email: strictEmailSchema,
  password: passwordSchema,
  verification_callback_url: v.optional(urlSchema),
});

export const passwordSignInSchema = wireObject({ email: emailSchema, password: passwordSchema });

export const passwordUpdateSchema = wireObject({ old_password: passwordSchema, new_password: passwordSchema });

export const passwordSetSchema = wireObject({ password: passwordSchema });

export const sessionCreateSchema = wireObject({
  user_id: userIdOrMeSchema,
  expires_in_millis: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(31_708_800_000, 'Sessions last at most 367 days')),
  ),
});

/** The OAuth token endpoint reads form fields and ignores ones it does not know. */
export const tokenRequestSchema = v.looseObject({
  grant_type: v.string(),
  client_id: v.optional(v.string()),
  client_secret: v.optional(v.string()),
  refresh_token: v.optional(v.string()),
  // The authorization_code grant.
  code: v.optional(v.string()),
  redirect_uri: v.optional(v.string()),
  code_verifier: v.optional(v.string()),
});
export type TokenRequest = v.InferOutput<typeof tokenRequestSchema>;

/** Codes are 45 characters; case is ignored. */
export const verificationCodeSchema = v.pipe(v.string(), v.length(45, 'Verification codes are 45 characters long'));
export const codeBodySchema = wireObject({ code: verificationCodeSchema });

export const sendResetCodeSchema = wireObject({ email: emailSchema, callback_url: urlSchema });
export const passwordResetSchema = wireObject({ code: verificationCodeSchema, password: passwordSchema });
export const sendVerificationCodeSchema = wireObject({ email: strictEmailSchema, callback_url: urlSchema });

const contactChannelClientFields = {
  value: emailSchema,
  type: v.optional(v.literal('email')),
  used_for_auth: v.boolean(),
  is_primary: v.optional(v.boolean()),
};
export const contactChannelCreateClientSchema = wireObject({ user_id: userIdOrMeSchema, ...contactChannelClientFields });
export const contactChannelCreateServerSchema = wireObject({
  user_id: userIdOrMeSchema,
  ...contactChannelClientFields,
  is_verified: v.optional(v.boolean()),
});
const contactChannelUpdateClientFields = {
  value: v.optional(emailSchema),
  type: v.optional(v.literal('email')),
  used_for_auth: v.optional(v.boolean()),
  is_primary: v.optional(v.boolean()),
};
export const contactChannelUpdateClientSchema = wireObject(contactChannelUpdateClientFields);
export const contactChannelUpdateServerSchema = wireObject({
  ...contactChannelUpdateClientFields,
  is_verified: v.optional(v.boolean()),
});
/** The body each access level may send (only the server may declare an address verified). */
export const contactChannelCreateByAccess = { client: contactChannelCreateClientSchema, server: contactChannelCreateServerSchema };
export const contactChannelUpdateByAccess = { client: contactChannelUpdateClientSchema, server: contactChannelUpdateServerSchema };
export const contactChannelParams = v.strictObject({ user_id: userIdOrMeSchema, contact_channel_id: uuidSchema });
export const contactChannelListQuery = v.strictObject({
  // Without user_id the list is the signed-in user's.
  user_id: v.optional(userIdOrMeSchema, 'me'),
  contact_channel_id: v.optional(uuidSchema),
});
export const callbackUrlBodySchema = wireObject({ callback_url: urlSchema });

/**
 * authd's own `POST /auth/sessions/current/reauthenticate`: exactly one factor, the password, a
 * code from the authenticator app, or a passkey's answer to an initiate-passkey-authentication
 * challenge.
 */
export const reauthenticationSchema = v.union([
  wireObject({ password: passwordSchema }),
  // Any string: a malformed code is a wrong code (INVALID_TOTP_CODE).
  wireObject({ totp: v.pipe(v.string(), v.maxLength(64)) }),
  wireObject({ passkey: wireObject({ authentication_response: v.looseObject({}), code: verificationCodeSchema }) }),
]);
