// The authenticator-app side of TOTP (RFC 6238: HMAC-SHA-1, six digits, 30-second steps) for
// setting up multi-factor authentication in the browser: a random 20-byte secret, its base32
// text and otpauth:// URL for the app, and the check of the first code the user types.

import { totpDigits, totpPeriodSeconds, totpStepTolerance } from '../../../server/protocol/totp-rules';

export const totpSecretBytes = 20;

export function randomTotpSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(totpSecretBytes));
}

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Base32 without padding, as authenticator apps take secrets. */
export function base32Of(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += base32Alphabet[(value << (5 - bits)) & 31];
  return text;
}

/** Standard base64, as `totp_secret_base64` takes the secret. */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function otpauthUrl(secret: Uint8Array, issuer: string, account: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  // Percent-encoded by hand: authenticator apps read '+' literally, so URLSearchParams' form encoding would not do.
  const query = Object.entries({
    secret: base32Of(secret),
    issuer,
    algorithm: 'SHA1',
    digits: String(totpDigits),
    period: String(totpPeriodSeconds),
  })
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `otpauth://totp/${label}?${query}`;
}

export async function totpCodeAt(secret: Uint8Array, epochMillis: number): Promise<string> {
  const counter = Math.floor(epochMillis / 1000 / totpPeriodSeconds);
  const message = new DataView(new ArrayBuffer(8));
  message.setUint32(0, Math.floor(counter / 2 ** 32));
  message.setUint32(4, counter >>> 0);
  const key = await crypto.subtle.importKey('raw', secret as BufferSource, { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, message.buffer));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** totpDigits).padStart(totpDigits, '0');
}

/**
 * True when `code` is the current code or one of the steps before that the server also accepts
 * (the user may be a little late; a code from the future cannot come from this same clock).
 */
export async function isCurrentTotpCode(secret: Uint8Array, code: string, epochMillis = Date.now()): Promise<boolean> {
  const stepsBack = Array.from({ length: totpStepTolerance + 1 }, (_, step) => step);
  const candidates = await Promise.all(
    stepsBack.map((step) => totpCodeAt(secret, epochMillis - step * totpPeriodSeconds * 1000)),
  );
  return candidates.includes(code);
}
