// A passkey authenticator in software for API tests: a P-256 key pair per credential, real
// attestation objects (fmt "none") and real ECDSA assertions, signed over what a browser would
// send. The small CBOR/COSE encoder here is test-only; the server verifies with @simplewebauthn.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type CborValue = number | string | Uint8Array | CborValue[] | Map<CborValue, CborValue> | { [key: string]: CborValue };

function cborHead(major: number, length: number): Uint8Array {
  if (length < 24) return Uint8Array.of((major << 5) | length);
  if (length < 0x100) return Uint8Array.of((major << 5) | 24, length);
  if (length < 0x10000) return Uint8Array.of((major << 5) | 25, length >> 8, length & 0xff);
  const bytes = new Uint8Array(5);
  bytes[0] = (major << 5) | 26;
  new DataView(bytes.buffer).setUint32(1, length);
  return bytes;
}

/** Enough CBOR for attestation objects and COSE keys: integers, byte and text strings, arrays, maps. */
export function cborEncode(value: CborValue): Uint8Array {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const text = new TextEncoder().encode(value);
    return concat(cborHead(3, text.length), text);
  }
  if (value instanceof Uint8Array) return concat(cborHead(2, value.length), value);
  if (Array.isArray(value)) return concat(cborHead(4, value.length), ...value.map(cborEncode));
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return concat(cborHead(5, entries.length), ...entries.flatMap(([k, v]) => [cborEncode(k), cborEncode(v)]));
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => new Uint8Array(createHash('sha256').update(bytes).digest());

const flagUserPresent = 0x01;
const flagUserVerified = 0x04;
const flagAttestedCredentialData = 0x40;

export interface SoftwareCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKeyCose: Uint8Array;
  counter: number;
}

function coseKeyOf(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  // kty EC2 (1: 2), alg ES256 (3: -7), crv P-256 (-1: 1), x (-2), y (-3).
  return cborEncode(
    new Map<CborValue, CborValue>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Uint8Array {
  const counterBytes = new Uint8Array(4);
  new DataView(counterBytes.buffer).setUint32(0, counter);
  return concat(sha256(rpId), Uint8Array.of(flags), counterBytes, attested ?? new Uint8Array());
}

function clientData(type: string, challenge: string, origin: string): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** Answers `navigator.credentials.create` for these options at `origin`; the credential is kept for assertions. */
export function createCredential(
  options: { challenge: string; user: { id: string } },
  origin: string,
): { credential: SoftwareCredential; response: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rpId = new URL(origin).hostname;
  const credentialId = new Uint8Array(randomBytes(32));
  const publicKeyCose = coseKeyOf(publicKey);
  const lengthBytes = Uint8Array.of(credentialId.length >> 8, credentialId.length & 0xff);
  const attested = concat(new Uint8Array(16), lengthBytes, credentialId, publicKeyCose);
  const authData = authenticatorData(rpId, flagUserPresent | flagUserVerified | flagAttestedCredentialData, 0, attested);
  const attestationObject = cborEncode({ fmt: 'none', attStmt: {}, authData });
  const credential: SoftwareCredential = {
    id: b64url(credentialId),
    rpId,
    userHandle: options.user.id,
    privateKey,
    publicKeyCose,
    counter: 0,
  };
  return {
    credential,
    response: {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    },
  };
}

/** Answers `navigator.credentials.get`: the counter grows by one per assertion, as a real authenticator's does. */
export function assertCredential(
  credential: SoftwareCredential,
  options: { challenge: string },
  origin: string,
  overrides: { counter?: number } = {},
): Record<string, unknown> {
  credential.counter = overrides.counter ?? credential.counter + 1;
  const authData = authenticatorData(credential.rpId, flagUserPresent | flagUserVerified, credential.counter);
  const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
  const signature = sign('sha256', concat(authData, sha256(clientDataJSON)), credential.privateKey);
  return {
    id: credential.id,
    rawId: credential.id,
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(new Uint8Array(signature)),
      userHandle: credential.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}
