// Random secrets of the wire protocol: 45 characters of lower-case Crockford base32 carry 225
// random bits. Used for API keys, refresh tokens, verification codes and nonces.
import { createHash, timingSafeEqual } from 'node:crypto';

const crockfordAlphabet = '0123456789abcdefghjkmnpqrstvwxyz';

export function randomCrockfordString(length = 45): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 256 is a multiple of 32, so masking keeps every character equally likely.
  let out = '';
  for (const byte of bytes) out += crockfordAlphabet[byte & 31];
  return out;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Compares a secret with a stored SHA-256 digest in time independent of where they differ. */
export function secretMatchesDigest(secret: string, digestHex: string): boolean {
  const actual = Buffer.from(sha256Hex(secret), 'hex');
  const expected = Buffer.from(digestHex, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
