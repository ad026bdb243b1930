// Access tokens are signed on the JavaScript thread (node:crypto) when the process has one core
// and through WebCrypto otherwise. Both must give the same token layout, one that jose and the
// SDK verify, whichever machine authd runs on.
import { expect, test } from 'bun:test';
import { createPrivateKey } from 'node:crypto';
import { decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, type CryptoKey, type JWK } from 'jose';
import { encodeEs256Jwt } from '../../server/core/auth/access-tokens';
import type { ProjectSigningKey } from '../../server/core/auth/signing-keys';

async function makeSigningKey(): Promise<ProjectSigningKey> {
  const pair = await generateKeyPair('ES256', { extractable: true });
  const privateJwk = await exportJWK(pair.privateKey);
  return {
    keyId: 'TESTKEY00001',
    privateKey: pair.privateKey as CryptoKey,
    privateKeyObject: createPrivateKey({ key: privateJwk as JsonWebKey, format: 'jwk' }),
    publicKey: pair.publicKey as CryptoKey,
    publicJwk: (await exportJWK(pair.publicKey)) as JWK,
  };
}

const claims = {
  branchId: 'main',
  iss: 'https://access-token.jwt-signature.stack-auth.com',
  sub: '0b5c1f4e-4a8e-4a8a-9d1e-2f1f2b3c4d5e',
  aud: 'project-under-test',
  iat: 1_800_000_000,
  exp: 1_800_000_600,
};

test('a token signed in place and one signed through WebCrypto have the same header and claims, and both verify', async () => {
  const key = await makeSigningKey();
  const inPlace = await encodeEs256Jwt(key, claims, true);
  const throughWebCrypto = await encodeEs256Jwt(key, claims, false);
  // ECDSA signatures are randomised; everything before them is the same text.
  expect(inPlace.split('.').slice(0, 2)).toEqual(throughWebCrypto.split('.').slice(0, 2));
  for (const token of [inPlace, throughWebCrypto]) {
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', kid: 'TESTKEY00001' });
    // A raw (IEEE P1363) signature of P-256 is 64 bytes; a DER one would not verify as a JWS.
    expect(Buffer.from(token.split('.')[2]!, 'base64url').byteLength).toBe(64);
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: ['ES256'],
      issuer: claims.iss,
      audience: claims.aud,
      currentDate: new Date((claims.iat + 1) * 1000),
    });
    expect(payload).toEqual(claims);
  }
});

test('a token does not verify with another key, however it was signed', async () => {
  const key = await makeSigningKey();
  const other = await makeSigningKey();
  for (const inPlace of [true, false]) {
    const token = await encodeEs256Jwt(key, claims, inPlace);
    await expect(jwtVerify(token, other.publicKey, { currentDate: new Date((claims.iat + 1) * 1000) })).rejects.toThrow();
  }
});
