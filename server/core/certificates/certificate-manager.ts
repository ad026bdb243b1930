// Automatic HTTPS: keeps a certificate for the `--domain` names from an ACME server. At start it
// serves the stored one (a restart orders nothing), orders when there is none or 30 days or less
// remain, retries failures with a doubling delay, and on PostgreSQL picks up a certificate
// another instance renewed. The private keys it stores are sealed with the instance key.
import type { Context } from '../storage/context';
import { openSecret, sealSecret } from '../storage/secret-box';
import { createAccountKey, describeAcmeFailure, orderCertificate, readCertificateValidity } from '../../providers/acme-client';
import type { CertificateStore } from './certificate-store';

const dayMillis = 24 * 60 * 60 * 1000;
/** Renewal starts when this much or less remains (AUTHD_ACME_RENEW_DAYS changes it). */
export const defaultRenewBeforeDays = 30;
/** An expiry this close is reported by /health/ready and in the log at every check. */
export const expiryWarningMillis = 7 * dayMillis;
/** How often a served certificate is checked for renewal (and, on PostgreSQL, replaced by another instance's). */
const checkIntervalMillis = 12 * 60 * 60 * 1000;
/** While another instance orders, how often this one looks for the certificate it stores. */
const busyPollMillis = 5_000;
/** The longest wait between two failed orders; the first is AUTHD_ACME_RETRY_SECONDS (60 s). */
const maxRetryMillis = 60 * 60 * 1000;
/** An instance that dies mid-order frees the order lock after this. */
const orderLeaseMillis = 10 * 60 * 1000;

export const letsEncryptDirectoryUrl = 'https://acme-v02.api.letsencrypt.org/directory';

export interface AutomaticHttpsSettings {
  domains: string[];
  directoryUrl: string;
  email?: string;
  /** PEM of an extra CA trusted for the ACME server itself (--acme-ca). */
  extraCaPem?: string;
  renewBeforeMillis: number;
  firstRetryMillis: number;
  /** The plain-HTTP port answering HTTP-01 (--http-port), for the log. */
  challengePort: number;
}

export interface ServedCertificate {
  certificatePem: string;
  privateKeyPem: string;
  notAfter: number;
}

export interface CertificateManager {
  /** The certificate to serve, or undefined until the first one arrives. */
  current(): ServedCertificate | undefined;
  /** The key authorization to answer at /.well-known/acme-challenge/TOKEN, if an order published it. */
  challengeAnswer(token: string): Promise<string | undefined>;
  /** A line for /health/ready when the certificate expires within 7 days (or there is none yet). */
  expiryNote(): string | undefined;
  stop(): void;
}

const challengeKey = (token: string) => `challenge:${token}`;
const accountKey = (directoryUrl: string) => `account:${directoryUrl}`;
/** Sorted, so the same names given in another order find the same certificate. */
const certificateKey = (domains: string[]) => `certificate:${[...domains].sort().join(',')}`;

interface StoredCertificateRecord {
  certificatePem: string;
  sealedPrivateKey: string;
  notAfter: number;
}

/** Stores a certificate for `domains`, its private key sealed with the instance key. */
export async function saveCertificate(
  ctx: Pick<Context, 'secretKey'>,
  store: CertificateStore,
  domains: string[],
  pems: { certificatePem: string; privateKeyPem: string },
): Promise<ServedCertificate> {
  const { notAfter } = await readCertificateValidity(pems.certificatePem);
  const record: StoredCertificateRecord = {
    certificatePem: pems.certificatePem,
    sealedPrivateKey: sealSecret(ctx, pems.privateKeyPem),
    notAfter,
  };
  await store.write(certificateKey(domains), JSON.stringify(record));
  return { ...pems, notAfter };
}

/**
 * Starts keeping the certificate. `installed` is called with every certificate to serve from
 * then on: the stored one at start, each new one after an order or another instance's renewal.
 */
export function startCertificateManager(
  ctx: Context,
  settings: AutomaticHttpsSettings,
  store: CertificateStore,
  installed: (certificate: ServedCertificate) => void,
): CertificateManager {
  const names = settings.domains.join(', ');
  let served: ServedCertificate | undefined;
  let failures = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function loadStored(): Promise<ServedCertificate | undefined> {
    const text = await store.read(certificateKey(settings.domains));
    if (!text) return undefined;
    const record = JSON.parse(text) as StoredCertificateRecord;
    return {
      certificatePem: record.certificatePem,
      privateKeyPem: openSecret(ctx, record.sealedPrivateKey),
      notAfter: record.notAfter,
    };
  }

  function install(certificate: ServedCertificate): void {
    if (served?.certificatePem === certificate.certificatePem) return;
    served = certificate;
    installed(certificate);
  }

  const needsOrder = (certificate: ServedCertificate | undefined) =>
    !certificate || certificate.notAfter - ctx.clock.now() <= settings.renewBeforeMillis;

  /** The account key for this ACME directory, made and stored (sealed) on first use. */
  async function accountKeyPem(): Promise<string> {
    const sealed = await store.read(accountKey(settings.directoryUrl));
    if (sealed) return openSecret(ctx, sealed);
    const created = await createAccountKey();
    await store.write(accountKey(settings.directoryUrl), sealSecret(ctx, created));
    return created;
  }

  async function order(): Promise<ServedCertificate> {
    const result = await orderCertificate({
      directoryUrl: settings.directoryUrl,
      email: settings.email,
      accountKeyPem: await accountKeyPem(),
      extraCaPem: settings.extraCaPem,
      domains: settings.domains,
      publishChallenge: (token, keyAuthorization) => store.write(challengeKey(token), keyAuthorization),
      withdrawChallenge: (token) => store.remove(challengeKey(token)),
    });
    return await saveCertificate(ctx, store, settings.domains, result);
  }

  /** One check; returns how long to wait before the next. */
  async function check(): Promise<number> {
    const stored = await loadStored();
    if (stored) install(stored);
    // Logged at every check, renewal due or not: a renewal failing for days shows up here too.
    const note = served && expiryNote();
    if (note) ctx.log.warn(note);
    if (!needsOrder(served)) return checkIntervalMillis;
    ctx.log.info(
      served
        ? `renewing the certificate for ${names}: it expires ${new Date(served.notAfter).toISOString()}`
        : `ordering a certificate for ${names} from ${settings.directoryUrl} (HTTP-01 on port ${settings.challengePort}); HTTPS refuses connections until it arrives`,
    );
    const outcome = await store.withOrderLock(ctx.clock.now(), orderLeaseMillis, async () => {
      // Another instance may have stored a fresh one while this one waited for the lock.
      const latest = await loadStored();
      return needsOrder(latest) ? await order() : latest!;
    });
    if (outcome === 'busy') {
      ctx.log.info(`another instance is ordering the certificate for ${names}; waiting for it`);
      return busyPollMillis;
    }
    install(outcome);
    ctx.log.info(`certificate for ${names} obtained, valid until ${new Date(outcome.notAfter).toISOString()}`);
    return checkIntervalMillis;
  }

  function schedule(delayMillis: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void run();
    }, delayMillis);
  }

  async function run(): Promise<void> {
    let delay: number;
    try {
      delay = await check();
      failures = 0;
    } catch (error) {
      failures++;
      delay = Math.min(maxRetryMillis, settings.firstRetryMillis * 2 ** (failures - 1));
      const reason = describeAcmeFailure(error, settings.directoryUrl, settings.domains);
      ctx.log.error(`certificate: ${reason}; retrying in ${Math.round(delay / 1000)} s`);
    }
    schedule(delay);
  }

  function expiryNote(): string | undefined {
    if (!served) return `no certificate yet for ${names}`;
    const left = served.notAfter - ctx.clock.now();
    if (left > expiryWarningMillis) return undefined;
    if (left <= 0) return `the certificate for ${names} expired ${new Date(served.notAfter).toISOString()}`;
    return `the certificate for ${names} expires in ${Math.ceil(left / dayMillis)} day(s), ${new Date(served.notAfter).toISOString()}`;
  }

  void run();
  return {
    current: () => served,
    challengeAnswer: (token) => store.read(challengeKey(token)),
    expiryNote,
    stop() {
      // An order under way is not awaited: it may wait minutes on the CA. Whatever it stores
      // is picked up at the next start.
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** When the stored certificate for `domains` expires (ms since the epoch), without opening its key: for `authd doctor`. */
export async function storedCertificateExpiry(store: CertificateStore, domains: string[]): Promise<number | undefined> {
  const text = await store.read(certificateKey(domains));
  return text ? (JSON.parse(text) as StoredCertificateRecord).notAfter : undefined;
}
