// @simplewebauthn/server and what it brings (@peculiar/x509, asn1js, tsyringe: about 330 KB of
// code) is loaded on the first passkey call, not when `authd serve` starts.
//
// reflect-metadata is loaded first, and awaited, although the library imports it itself: in the
// compiled binary, the bundler's lazy wrapper of the library ran tsyringe before that CommonJS
// polyfill, and tsyringe then refuses to load (test/binary catches it).
export async function loadWebAuthn(): Promise<typeof import('@simplewebauthn/server')> {
  await import('reflect-metadata');
  return import('@simplewebauthn/server');
}
