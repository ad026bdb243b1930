// Password hashes brought from other systems that Bun.password cannot read: scrypt, Firebase's
// modified scrypt and PBKDF2 (SHA-256 / SHA-512, in the PHC form and in Django's own form). They
// are kept as imported and verified here until the next successful sign-in rehashes the password
// with authd's argon2id, so a user moving in keeps the password they have.
//
// Stored forms (PHC strings, standard base64 without padding; passlib's "." for "+" is read too):
//   $scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<hash>
//   $firebase-scrypt$mem=<log2 N>,rounds=<r>$<salt separator>$<signer key>$<salt>$<hash>
//   $pbkdf2-sha256$i=<iterations>[,l=<bytes>]$<salt>$<hash>      (and $pbkdf2-sha512$)
//   pbkdf2_sha256$<iterations>$<salt text>$<hash>                (Django; salt is the text itself)
import { createCipheriv, pbkdf2, scrypt, timingSafeEqual } from 'node:crypto';

// A stored hash is verified at every sign-in attempt for its account, so one that costs far more
// than any real deployment uses would let anyone who knows the address tie up the server.
const maxPbkdf2Iterations = 2_000_000;
const maxScryptMemoryBytes = 256 * 1024 * 1024;
const maxScryptParallelism = 16;

type Parsed =
  | { kind: 'scrypt'; logN: number; r: number; p: number; salt: Buffer; hash: Buffer }
  | { kind: 'firebase-scrypt'; logN: number; rounds: number; saltSeparator: Buffer; signerKey: Buffer; salt: Buffer; hash: Buffer }
  | { kind: 'pbkdf2'; digest: 'sha256' | 'sha512'; iterations: number; salt: Buffer; hash: Buffer };

const base64Part = /^[A-Za-z0-9+/.]+={0,2}$/;

function decodeBase64(part: string | undefined): Buffer | null {
  if (part === undefined || !base64Part.test(part)) return null;
  const bytes = Buffer.from(part.replaceAll('.', '+'), 'base64');
  return bytes.length > 0 ? bytes : null;
}

function parameters(text: string | undefined): Map<string, number> | null {
  if (text === undefined) return null;
  const result = new Map<string, number>();
  for (const pair of text.split(',')) {
    const match = /^([a-z]+)=(\d{1,9})$/.exec(pair);
    if (!match) return null;
    result.set(match[1]!, Number(match[2]));
  }
  return result;
}

function parse(stored: string): Parsed | null {
  const django = /^pbkdf2_(sha256|sha512)\$(\d{1,9})\$([^$]+)\$([A-Za-z0-9+/]+={0,2})$/.exec(stored);
  if (django) {
    const hash = decodeBase64(django[4]);
    if (!hash) return null;
    return { kind: 'pbkdf2', digest: django[1] as 'sha256' | 'sha512', iterations: Number(django[2]), salt: Buffer.from(django[3]!, 'utf8'), hash };
  }
  const parts = stored.split('$');
  if (parts[0] !== '') return null;
  const params = parameters(parts[2]);
  if (!params) return null;
  if ((parts[1] === 'pbkdf2-sha256' || parts[1] === 'pbkdf2-sha512') && parts.length === 5) {
    const salt = decodeBase64(parts[3]);
    const hash = decodeBase64(parts[4]);
    const iterations = params.get('i');
    if (!salt || !hash || iterations === undefined) return null;
    if (params.has('l') && params.get('l') !== hash.length) return null;
    return { kind: 'pbkdf2', digest: parts[1] === 'pbkdf2-sha256' ? 'sha256' : 'sha512', iterations, salt, hash };
  }
  if (parts[1] === 'scrypt' && parts.length === 5) {
    const salt = decodeBase64(parts[3]);
    const hash = decodeBase64(parts[4]);
    const [logN, r, p] = [params.get('ln'), params.get('r'), params.get('p')];
    if (!salt || !hash || logN === undefined || r === undefined || p === undefined) return null;
    return { kind: 'scrypt', logN, r, p, salt, hash };
  }
  if (parts[1] === 'firebase-scrypt' && parts.length === 7) {
    const [saltSeparator, signerKey, salt, hash] = [parts[3], parts[4], parts[5], parts[6]].map(decodeBase64);
    const [logN, rounds] = [params.get('mem'), params.get('rounds')];
    // An empty salt separator is legal in Firebase; it is written as "-" here.
    const separator = parts[3] === '-' ? Buffer.alloc(0) : saltSeparator;
    if (!separator || !signerKey || !salt || !hash || logN === undefined || rounds === undefined) return null;
    return { kind: 'firebase-scrypt', logN, rounds, saltSeparator: separator, signerKey, salt, hash };
  }
  return null;
}

function scryptMemory(logN: number, r: number): number {
  return 128 * r * 2 ** logN;
}

function affordable(parsed: Parsed): boolean {
  switch (parsed.kind) {
    case 'pbkdf2':
      return parsed.iterations >= 1 && parsed.iterations <= maxPbkdf2Iterations && parsed.hash.length >= 16;
    case 'scrypt':
      return (
        parsed.logN >= 1 && parsed.logN <= 24 && parsed.r >= 1 && parsed.p >= 1 && parsed.p <= maxScryptParallelism &&
        scryptMemory(parsed.logN, parsed.r) <= maxScryptMemoryBytes && parsed.hash.length >= 16
      );
    case 'firebase-scrypt':
      return parsed.logN >= 1 && parsed.logN <= 24 && parsed.rounds >= 1 && scryptMemory(parsed.logN, parsed.rounds) <= maxScryptMemoryBytes;
  }
}

/** Whether `stored` is one of the forms above at a cost authd accepts to verify. */
export function isSupportedImportedHash(stored: string): boolean {
  const parsed = parse(stored);
  return parsed !== null && affordable(parsed);
}

function scryptAsync(password: Buffer, salt: Buffer, length: number, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, length, { N, r, p, maxmem: maxScryptMemoryBytes + 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

function pbkdf2Async(password: Buffer, salt: Buffer, iterations: number, length: number, digest: string): Promise<Buffer> {
  return new Promise((resolve, reject) => pbkdf2(password, salt, iterations, length, digest, (error, key) => (error ? reject(error) : resolve(key))));
}

/**
 * Firebase's variant: scrypt of the password with the salt followed by the project's salt
 * separator gives a key, which encrypts the project's signer key with AES-256-CTR and a zero IV;
 * the stored hash is that ciphertext.
 */
export async function firebaseScryptHash(
  password: string,
  options: { salt: Buffer; saltSeparator: Buffer; signerKey: Buffer; logN: number; rounds: number },
): Promise<Buffer> {
  const key = await scryptAsync(
    Buffer.from(password, 'utf8'),
    Buffer.concat([options.salt, options.saltSeparator]),
    64,
    2 ** options.logN,
    options.rounds,
    1,
  );
  const cipher = createCipheriv('aes-256-ctr', key.subarray(0, 32), Buffer.alloc(16));
  return Buffer.concat([cipher.update(options.signerKey), cipher.final()]);
}

async function derive(password: string, parsed: Parsed): Promise<Buffer> {
  const bytes = Buffer.from(password, 'utf8');
  switch (parsed.kind) {
    case 'pbkdf2':
      return await pbkdf2Async(bytes, parsed.salt, parsed.iterations, parsed.hash.length, parsed.digest);
    case 'scrypt':
      return await scryptAsync(bytes, parsed.salt, parsed.hash.length, 2 ** parsed.logN, parsed.r, parsed.p);
    case 'firebase-scrypt':
      return await firebaseScryptHash(password, parsed);
  }
}

/** Whether `password` matches an imported hash; a hash of no known form never matches. */
export async function verifyImportedHash(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || !affordable(parsed)) return false;
  const derived = await derive(password, parsed);
  // Firebase keeps the whole ciphertext; compare what was stored, in constant time.
  const expected = parsed.hash;
  const candidate = parsed.kind === 'firebase-scrypt' ? derived.subarray(0, expected.length) : derived;
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}
