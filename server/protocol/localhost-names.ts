// Which URL hostnames and peer addresses name this machine. One rule for the server (trusted
// redirect URLs, production-mode checks, webhook endpoints, loopback callers) and the browser
// client (Secure cookies, trusted redirects), which imports it from here: a URL the server trusts
// as localhost is one the client treats as localhost too.

/**
 * A hostname as `new URL(…).hostname` or `location.hostname` gives it, naming this machine:
 * `localhost`, any `*.localhost`, an IPv4 address in 127.0.0.0/8, or `[::1]`. Case does not
 * matter, nor the trailing dot of a fully qualified name (`localhost.` is the same machine).
 */
export function isLocalhostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || isLoopbackIpv4(host);
}

function isLoopbackIpv4(host: string): boolean {
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return octets !== null && octets.slice(1).every((octet) => Number(octet) <= 255);
}

/**
 * A peer's socket address naming this machine: 127.0.0.0/8 (also as an IPv4-mapped IPv6 address)
 * or ::1. The server's side of the same family as isLocalhostName, for callers rather than URLs.
 */
export function isLoopbackAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  return v4.startsWith('127.') || ip === '::1' || ip === '0:0:0:0:0:0:0:1' || ip === 'localhost';
}

/**
 * An IPv4 address or a bracketed IPv6 one, as `location.hostname` gives it. WebAuthn refuses such
 * origins (a passkey's relying party must be a domain name), so the screens offer no passkeys there.
 */
export function isIpAddressHost(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}
