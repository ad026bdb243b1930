// @simplewebauthn/server with its ASN.1 and X.509 libraries (330 KB of code): loaded with the
// first passkey call. reflect-metadata comes first, by name: tsyringe (under @peculiar/x509)
// refuses to load unless that polyfill has run, and a bundle may otherwise order them wrongly.
import 'reflect-metadata';

export {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
