// Password hashing: argon2id with OWASP's parameters (19 MiB, 2 iterations, 1 lane) for
// everything authd hashes, plus verification of hashes imported from other providers (bcrypt and
// argon2 here, scrypt, Firebase scrypt and PBKDF2 in imported-password-hashes.ts), which are
// rehashed to argon2id after the next successful sign-in.
import { knownError } from '../../protocol/known-errors';
import { maximumPasswordLength, minimumPasswordLength } from '../../protocol/password-rules';
import { isSupportedImportedHash, verifyImportedHash } from './imported-password-hashes';

const argon2idOptions = { algorithm: 'argon2id', memoryCost: 19456, timeCost: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, argon2idOptions);
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    if (!hash.startsWith('$2') && !hash.startsWith('$argon2')) return await verifyImportedHash(password, hash);
    // Standard bcrypt reads only the first 72 bytes; Bun instead pre-hashes longer passwords,
    // which would reject every long password of a hash imported from another provider.
    const bytes = new TextEncoder().encode(password);
    if (hash.startsWith('$2') && bytes.byteLength > 72) return await Bun.password.verify(bytes.subarray(0, 72), hash);
    return await Bun.password.verify(password, hash);
  } catch {
    // A stored hash Bun cannot read never matches.
    return false;
  }
}

export function needsRehash(hash: string): boolean {
  return !hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$');
}

// An imported hash is verified at every sign-in attempt for its account, so one that costs far
// more than any real deployment uses (bcrypt past cost 16, as Stack refuses; argon2 past 256 MiB,
// 10 passes or 16 lanes) would let anyone who knows the address tie up the server.
const maxBcryptCost = 16;
const maxArgon2MemoryKib = 256 * 1024;
const maxArgon2Passes = 10;
const maxArgon2Lanes = 16;

/**
 * Hashes authd can verify at a sane cost: bcrypt ($2a/$2b/$2y), argon2 (i, d, id), and the
 * scrypt, Firebase scrypt and PBKDF2 forms of imported-password-hashes.ts.
 */
export function isSupportedPasswordHash(hash: string): boolean {
  const bcrypt = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/.exec(hash);
  if (bcrypt) return Number(bcrypt[1]) >= 4 && Number(bcrypt[1]) <= maxBcryptCost;
  const argon2 = /^\$argon2(?:id|i|d)\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(hash);
  if (argon2)
    return Number(argon2[1]) <= maxArgon2MemoryKib && Number(argon2[2]) <= maxArgon2Passes && Number(argon2[3]) <= maxArgon2Lanes;
  return isSupportedImportedHash(hash);
}

/** The /auth/password/* length rules; server user updates check only the maximum. */
export function checkPasswordLength(password: string, { requireMinimum }: { requireMinimum: boolean }): void {
  if (requireMinimum && password.length < minimumPasswordLength) throw knownError('PASSWORD_TOO_SHORT', minimumPasswordLength);
  if (password.length > maximumPasswordLength) throw knownError('PASSWORD_TOO_LONG', maximumPasswordLength);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification. Sign-in for an unknown email calls it, so the
 * answer takes as long as for a wrong password and does not reveal which emails exist.
 */
export async function verifyAgainstDummyHash(password: string): Promise<void> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(password, await dummyHash);
}
