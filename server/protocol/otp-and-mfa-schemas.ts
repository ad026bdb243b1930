// Payload schemas for sign-in by emailed code and the TOTP second step.
import * as v from 'valibot';
import { verificationCodeSchema } from './auth-schemas';
import { strictEmailSchema, urlSchema } from './user-schemas';
import { wireObject } from './wire-object';

export const sendSignInCodeSchema = wireObject({
  email: strictEmailSchema,
  callback_url: urlSchema,
});

export const mfaSignInSchema = wireObject({
  code: verificationCodeSchema,
  type: v.literal('totp', 'The only second factor is "totp"'),
  // Any string: a malformed code is a wrong code (INVALID_TOTP_CODE), as the SDK expects.
  totp: v.pipe(v.string(), v.maxLength(64)),
});
