// Authenticator-app codes (RFC 6238: HMAC-SHA-1, 6 digits, 30 s steps) and the user's TOTP
// secret: validated when set, sealed at rest (it must be read back to check codes), and each
// accepted code remembered by its time step so no code works twice.
import { HOTP, Secret } from 'otpauth';
import { plainTextError } from '../../protocol/plain-text-errors';
import { totpDigits, totpPeriodSeconds, totpStepTolerance } from '../../protocol/totp-rules';
import type { Context } from '../storage/context';
import { secretsEqual } from './random-tokens';
import { openSecret, sealSecret } from '../storage/secret-box';

const totpPeriodMillis = totpPeriodSeconds * 1000;

/** RFC 4226 asks for at least 128 bits; authenticator apps use 160 (20 bytes). */
const minSecretBytes = 16;
/** HMAC-SHA-1 hashes longer keys down to 20 bytes anyway; more only costs storage. */
const maxSecretBytes = 64;

/** The raw secret bytes of a `totp_secret_base64` value, or a 400 that says what is expected. */
export function decodeTotpSecret(secretBase64: string): Uint8Array {
  const bytes = Buffer.from(secretBase64, 'base64');
  // Node's decoder skips what it cannot read, so only a value that encodes back to itself is base64.
  const canonical = bytes.length > 0 && bytes.toString('base64') === secretBase64;
  if (!canonical || bytes.length < minSecretBytes || bytes.length > maxSecretBytes) {
    throw plainTextError('INVALID_TOTP_SECRET', minSecretBytes, maxSecretBytes);
  }
  return new Uint8Array(bytes);
}

/** What is stored for a secret: checked, then sealed with the instance key. */
export function sealTotpSecret(ctx: Pick<Context, 'secretKey'>, secretBase64: string): string {
  decodeTotpSecret(secretBase64);
  return sealSecret(ctx, secretBase64);
}

export function openTotpSecret(ctx: Pick<Context, 'secretKey'>, sealed: string): Uint8Array {
  return new Uint8Array(Buffer.from(openSecret(ctx, sealed), 'base64'));
}

/** The RFC 6238 counter: whole periods since the Unix epoch. */
export function totpStepAt(millis: number): number {
  return Math.floor(millis / totpPeriodMillis);
}

export function totpCodeForStep(secret: Uint8Array, step: number): string {
  return HOTP.generate({
    secret: new Secret({ buffer: secret.slice().buffer }),
    algorithm: 'SHA1',
    digits: totpDigits,
    counter: step,
  });
}

/**
 * The time step of `code` if it is the code of the current step or one next to it and that step
 * is later than `lastUsedStep`; otherwise null. Requiring a later step than the last accepted
 * one refuses a replay and also any older code (RFC 6238 §5.2), so an observed code is useless
 * once its owner has signed in with it.
 */
export function acceptedTotpStep(
  secret: Uint8Array,
  code: string,
  nowMillis: number,
  lastUsedStep: number | null,
): number | null {
  const typed = code.replace(/\s+/g, '');
  if (!new RegExp(`^[0-9]{${totpDigits}}$`).test(typed)) return null;
  const current = totpStepAt(nowMillis);
  let accepted: number | null = null;
  // Every candidate is compared, matched or not, so timing does not tell which step matched.
  for (let step = current - totpStepTolerance; step <= current + totpStepTolerance; step++) {
    const matches = secretsEqual(totpCodeForStep(secret, step), typed);
    if (matches && accepted === null && (lastUsedStep === null || step > lastUsedStep)) accepted = step;
  }
  return accepted;
}
