// The ACME (RFC 8555) calls behind automatic HTTPS, through the `acme-client` library: account,
// order, HTTP-01 challenges, CSR and certificate download. Nothing here signs JWS or builds a CSR
// by hand; server/core/certificates decides when to order and keeps what comes back.
import { loadVendorModule } from '../vendor/load-vendor';
import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';

export interface AcmeOrderRequest {
  directoryUrl: string;
  /** The account's contact, optional at every CA authd knows of. */
  email?: string;
  /** PEM of the account key (createAccountKey), kept from one order to the next. */
  accountKeyPem: string;
  /** An extra CA (PEM) trusted for the ACME server's own HTTPS: a private or test CA. */
  extraCaPem?: string;
  domains: string[];
  /** Publishes a key authorization at http://DOMAIN/.well-known/acme-challenge/TOKEN. */
  publishChallenge(token: string, keyAuthorization: string): Promise<void>;
  withdrawChallenge(token: string): Promise<void>;
}

export interface AcmeOrderResult {
  /** The leaf first, then the chain, as the CA sent them. */
  certificatePem: string;
  privateKeyPem: string;
}

/**
 * acme-client sends every request through one axios instance; its agent is where the extra CA
 * goes. Set before each order, so a process serves one ACME directory at a time, as authd does.
 */
const loadAcme = async () => (await loadVendorModule('acme')).acme;

function trustForAcmeServer(acme: Awaited<ReturnType<typeof loadAcme>>, extraCaPem: string | undefined): void {
  acme.axios.defaults.httpsAgent = extraCaPem ? new Agent({ ca: [...rootCertificates, extraCaPem] }) : undefined;
  // The certificate manager retries with its own back-off; a request retried inside the library
  // as well would only make one failed order take minutes to report.
  // (acmeSettings is acme-client's own addition to the axios defaults, absent from its types.)
  (acme.axios.defaults as unknown as { acmeSettings: { retryMaxAttempts: number } }).acmeSettings.retryMaxAttempts = 1;
}

/**
 * Fetches the directory first: acme-client 5.4 turns a connection that fails on every retry
 * into a TypeError about `response.config`, which says nothing about the server being down.
 */
async function reachDirectory(directoryUrl: string, extraCaPem: string | undefined): Promise<void> {
  const response = await fetch(directoryUrl, { tls: extraCaPem ? { ca: [...rootCertificates, extraCaPem] } : undefined });
  await response.body?.cancel();
  if (!response.ok)
    throw Object.assign(new Error(`the directory answered HTTP ${response.status}`), { code: `HTTP ${response.status}` });
}

export async function orderCertificate(request: AcmeOrderRequest): Promise<AcmeOrderResult> {
  await reachDirectory(request.directoryUrl, request.extraCaPem);
  const acme = await loadAcme();
  trustForAcmeServer(acme, request.extraCaPem);
  const client = new acme.Client({
    directoryUrl: request.directoryUrl,
    accountKey: request.accountKeyPem,
    backoffAttempts: 10,
    backoffMin: 1000,
    backoffMax: 10_000,
  });
  const [privateKey, csr] = await acme.crypto.createCsr(
    { commonName: request.domains[0], altNames: request.domains },
    await acme.crypto.createPrivateEcdsaKey('P-256'),
  );
  const certificatePem = await client.auto({
    csr,
    email: request.email,
    termsOfServiceAgreed: true,
    challengePriority: ['http-01'],
    // The library's own pre-check fetches the challenge through the system resolver, from this
    // machine; the CA validates from outside anyway, and its answer says more when it fails.
    skipChallengeVerification: true,
    challengeCreateFn: async (_authz, challenge, keyAuthorization) => {
      if (challenge.type === 'http-01') await request.publishChallenge(challenge.token, keyAuthorization);
    },
    challengeRemoveFn: async (_authz, challenge) => {
      if (challenge.type === 'http-01') await request.withdrawChallenge(challenge.token);
    },
  });
  return { certificatePem, privateKeyPem: privateKey.toString() };
}

/** A new ACME account key (ECDSA P-256), PEM. */
export async function createAccountKey(): Promise<string> {
  const acme = await loadAcme();
  return (await acme.crypto.createPrivateEcdsaKey('P-256')).toString();
}

export interface CertificateValidity {
  notBefore: number;
  notAfter: number;
  /** The names the certificate covers (its subject alternative names). */
  domains: string[];
}

export async function readCertificateValidity(certificatePem: string): Promise<CertificateValidity> {
  const acme = await loadAcme();
  const info = acme.crypto.readCertificateInfo(certificatePem);
  return {
    notBefore: info.notBefore.getTime(),
    notAfter: info.notAfter.getTime(),
    domains: info.domains.altNames.length > 0 ? info.domains.altNames : [info.domains.commonName],
  };
}

/**
 * One readable line for a failed order: what the operator can act on (DNS, port 80, a rate
 * limit, the CA unreachable), then the CA's own words.
 */
export function describeAcmeFailure(error: unknown, directoryUrl: string, domains: string[]): string {
  const code = (error as { code?: unknown })?.code;
  const detail = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  const names = domains.join(', ');
  if (error instanceof TypeError && /response\.config/.test(detail)) {
    return `lost the connection to the ACME server at ${directoryUrl} during the order for ${names}`;
  }
  if (
    typeof code === 'string' &&
    /^(HTTP 5|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ConnectionRefused|CERT_|UNABLE_TO|SELF_SIGNED|DEPTH_ZERO)/.test(
      code,
    )
  ) {
    return `cannot reach the ACME server at ${directoryUrl} (${code}): ${detail}`;
  }
  if (/rate.?limit|too many/i.test(detail)) return `the ACME server rate-limited the order for ${names}: ${detail}`;
  if (/dns|NXDOMAIN|SERVFAIL|no valid (A|AAAA)|no such host|lookup/i.test(detail)) {
    return `DNS for ${names} does not point to this server, so the ACME server cannot validate it: ${detail}`;
  }
  if (/connect|connection|timeout|refused|fetching http|unreachable|invalid response|404/i.test(detail)) {
    return `the ACME server could not fetch the HTTP-01 challenge from ${names} (does its DNS point to this server, and does port 80 reach authd?): ${detail}`;
  }
  return `the ACME order for ${names} failed: ${detail}`;
}
