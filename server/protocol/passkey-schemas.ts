// Payload schemas for passkey registration, sign-in and management. The WebAuthn responses are
// passed to @simplewebauthn/server as they are; it checks their shape and answers with errors
// core turns into PASSKEY_REGISTRATION_FAILED / PASSKEY_AUTHENTICATION_FAILED.
import * as v from 'valibot';
import { verificationCodeSchema } from './auth-schemas';
import { userIdOrMeSchema, uuidSchema } from './user-schemas';
import { wireObject } from './wire-object';

const webAuthnResponseSchema = v.looseObject({});
export const passkeyNameSchema = v.pipe(v.string(), v.trim(), v.minLength(1, 'A passkey name cannot be empty'), v.maxLength(100));

export const initiatePasskeySchema = v.looseObject({});

export const passkeyRegisterSchema = wireObject({
  credential: webAuthnResponseSchema,
  code: verificationCodeSchema,
  // authd's own: a name for the new passkey (the SDK sends none; core names it "Passkey N").
  name: v.optional(passkeyNameSchema),
});

export const passkeySignInSchema = wireObject({
  authentication_response: webAuthnResponseSchema,
  code: verificationCodeSchema,
});

export const passkeyUpdateSchema = wireObject({ name: passkeyNameSchema });

export const passkeyListQuery = v.strictObject({ user_id: v.optional(userIdOrMeSchema, 'me') });
export const passkeyParams = v.strictObject({ user_id: userIdOrMeSchema, passkey_id: uuidSchema });

/** A passkey as authd's management endpoints show it: never the key itself. */
export const passkeyView = v.object({
  id: v.string(),
  user_id: v.string(),
  name: v.string(),
  created_at_millis: v.number(),
  last_used_at_millis: v.nullable(v.number()),
});
export type PasskeyView = v.InferOutput<typeof passkeyView>;
