// Random secrets of the wire protocol: 45 characters of lower-case Crockford base32 carry 225
// random bits. Used for API keys, refresh tokens, verification codes and nonces.
import { createHash, timingSafeEqual } from 'node:crypto';

const crockfordAlphabet = '0123456789abcdefghjkmnpqrstvwxyz';

export function randomCrockfordString(length = 45): string {
  return crockfordString(crypto.getRandomValues(new Uint8Array(length)));
}

/** One character per byte of uniformly distributed bytes (random, or a MAC for derived keys). */
export function crockfordString(bytes: Uint8Array): string {
  // 256 is a multiple of 32, so masking keeps every character equally likely.
  let out = '';
  for (const byte of bytes) out += crockfordAlphabet[byte & 31];
  return out;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Compares two secrets (codes, PKCE challenges) in time independent of where they differ. */
export function secretsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Compares a secret with a stored SHA-256 digest in time independent of where they differ. */
export function secretMatchesDigest(secret: string, digestHex: string): boolean {
  const actual = Buffer.from(sha256Hex(secret), 'hex');
  const expected = Buffer.from(digestHex, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
