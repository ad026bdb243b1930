// PKCE (S256) and state for the OAuth redirect flow with Web Crypto: the
// verifier waits in a cookie named after the state for 600 s until the callback uses it.
import { deleteCookie, readCookie, shouldMarkSecure, writeCookie, type CookieDocument } from './cookies';

const verifierCookieMaxAgeSeconds = 600;
const verifierCookiePrefix = 'stack-oauth-outer-';

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 32 random bytes, base64url: 43 characters, as the SDK makes states and verifiers. */
export function randomUrlSafeString(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The S256 code challenge: base64url(SHA-256(verifier)) (RFC 7636 §4.2). */
export async function codeChallengeFor(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

export function verifierCookieName(state: string): string {
  return verifierCookiePrefix + state;
}

/** Starts a flow: a fresh state and verifier, the verifier stored under the state's cookie. */
export async function beginPkceFlow(jar: CookieDocument): Promise<{ state: string; codeChallenge: string }> {
  const state = randomUrlSafeString();
  const verifier = randomUrlSafeString();
  writeCookie(jar, verifierCookieName(state), verifier, {
    maxAgeSeconds: verifierCookieMaxAgeSeconds,
    secure: shouldMarkSecure(),
  });
  return { state, codeChallenge: await codeChallengeFor(verifier) };
}

/** The verifier stored for `state`, deleted as it is read so a callback URL works only once; null when none. */
export function takeVerifier(jar: CookieDocument, state: string): string | null {
  const name = verifierCookieName(state);
  const verifier = readCookie(jar, name);
  if (verifier !== null) deleteCookie(jar, name, shouldMarkSecure());
  return verifier;
}
