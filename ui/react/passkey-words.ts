// Where passkeys can run and what their failures mean in words: WebAuthn refuses an IP-address
// origin (its relying party must be a domain name), and the browser's own error texts ("This is
// an invalid domain.", "The user attempted to register an authenticator that contains one of
// the credentials already registered…") are not for people.
import { isKnownError } from '../client/errors';
import { formProblemOf, messageOf } from './form-submit';

/** An IPv4 address or a bracketed IPv6 one, as `location.hostname` gives it. */
export function isIpAddressHost(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

/** Whether this page's origin can hold passkeys at all (a domain name, not an IP address). */
export function passkeysPossibleHere(): boolean {
  return typeof location === 'undefined' || !isIpAddressHost(location.hostname);
}

export const passkeysNeedDomainMessage =
  'Passkeys need a domain name such as localhost; they cannot be used when this page is opened by an IP address.';

/**
 * A failed passkey ceremony in words, or null when the person cancelled it (nothing to say).
 * `registering` tells an "already registered" key apart from an unknown one.
 */
export function passkeyFailureInWords(failure: unknown, registering: boolean): string | null {
  if (failure instanceof DOMException) {
    if (failure.name === 'NotAllowedError' || failure.name === 'AbortError') return null;
    if (failure.name === 'InvalidStateError') {
      return registering
        ? 'This device already holds a passkey for your account. Use it to sign in, or add one on another device.'
        : 'This passkey cannot be used here. Sign in another way.';
    }
    if (failure.name === 'SecurityError') return passkeysNeedDomainMessage;
    if (failure.name === 'NotSupportedError') return 'This browser or device cannot make a passkey here.';
    return registering ? 'The passkey could not be added. Please try again.' : 'Signing in with a passkey failed. Please try again.';
  }
  if (isKnownError(failure, 'PASSKEY_AUTHENTICATION_FAILED')) return 'This passkey is not registered here. Sign in another way.';
  return formProblemOf(failure) ?? messageOf(failure);
}
