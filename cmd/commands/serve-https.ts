// `authd serve --domain`: the flags of automatic HTTPS, and serving through its listeners.
// Imported by serve.ts only when --domain is given, so a plain `authd serve` loads neither
// node:tls nor the certificate code (a few MB of resident memory).
import type { Context } from '../../server/core/storage/context';
import type { DatabaseLocation } from '../../server/core/storage/database-location';
import { startHttpServer, type RunningHttpServer } from '../../server/http/server';
import { startChallengeListener, startTlsFront, type RunningTlsFront } from '../../server/http/https-listeners';
import {
  defaultRenewBeforeDays,
  letsEncryptDirectoryUrl,
  startCertificateManager,
  type AutomaticHttpsSettings,
  type CertificateManager,
} from '../../server/core/certificates/certificate-manager';
import { certificateStoreFor } from '../../server/core/certificates/certificate-store';
import { readFileSync } from 'node:fs';
import { CliError, portNumber } from '../cli-support';

/** The flags serve.ts passes on. */
export interface AutomaticHttpsFlags {
  domain: string[];
  httpPort: string;
  acmeDirectory?: string;
  acmeEmail?: string;
  acmeCa?: string;
}

/** `https://NAME`, with the port unless it is 443. */
function publicUrlOf(domain: string, port: number): string {
  return port === 443 ? `https://${domain}` : `https://${domain}:${port}`;
}

/** The validated settings of --domain and the flags beside it (called only with at least one --domain). */
export function automaticHttpsSettings(options: AutomaticHttpsFlags): { settings: AutomaticHttpsSettings; httpPort: number } {
  for (const domain of options.domain) {
    // A hostname an ACME CA can issue for over HTTP-01: letters, digits, hyphens, dots; no wildcard, no IP.
    if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/i.test(domain) || /^[\d.]+$/.test(domain)) {
      throw new CliError(`--domain: "${domain}" is not a domain name (HTTP-01 needs a name, not an address or a wildcard)`);
    }
  }
  const directoryUrl = options.acmeDirectory ?? letsEncryptDirectoryUrl;
  if (!URL.canParse(directoryUrl) || !['https:', 'http:'].includes(new URL(directoryUrl).protocol)) {
    throw new CliError(`--acme-directory: "${directoryUrl}" is not an https URL`);
  }
  let extraCaPem: string | undefined;
  if (options.acmeCa) {
    try {
      extraCaPem = readFileSync(options.acmeCa, 'utf8');
    } catch (error) {
      throw new CliError(`--acme-ca: cannot read "${options.acmeCa}": ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!extraCaPem.includes('-----BEGIN CERTIFICATE-----'))
      throw new CliError(`--acme-ca: "${options.acmeCa}" holds no PEM certificate`);
  }
  const renewDays = process.env.AUTHD_ACME_RENEW_DAYS ?? String(defaultRenewBeforeDays);
  if (!/^\d{1,6}$/.test(renewDays)) throw new CliError(`AUTHD_ACME_RENEW_DAYS: "${renewDays}" is not a whole number of days`);
  const retrySeconds = process.env.AUTHD_ACME_RETRY_SECONDS ?? '60';
  if (!/^\d{1,5}$/.test(retrySeconds) || Number(retrySeconds) === 0) {
    throw new CliError(`AUTHD_ACME_RETRY_SECONDS: "${retrySeconds}" is not a whole number of seconds above 0`);
  }
  const httpPort = portNumber('--http-port', options.httpPort);
  return {
    settings: {
      challengePort: httpPort,
      domains: [...new Set(options.domain.map((domain) => domain.toLowerCase()))],
      directoryUrl,
      email: options.acmeEmail,
      extraCaPem,
      renewBeforeMillis: Number(renewDays) * 24 * 60 * 60 * 1000,
      firstRetryMillis: Number(retrySeconds) * 1000,
    },
    httpPort,
  };
}

export interface ServedOverHttps {
  server: RunningHttpServer;
  certificates: CertificateManager;
  url: string;
  port: number;
  stopListeners(): Promise<void>;
}

/**
 * `--domain`: the HTTP server on a loopback port behind authd's TLS front on `port`, plain HTTP
 * on `httpPort` for HTTP-01 and redirects, and the certificate manager feeding the front.
 */
export async function serveOverHttps(
  ctx: Context,
  location: DatabaseLocation,
  settings: AutomaticHttpsSettings,
  listen: { host: string; port: number; httpPort: number; holdRequestsUntil: Promise<void>; metricsToken?: string },
): Promise<ServedOverHttps> {
  let front: RunningTlsFront | undefined;
  let certificates: CertificateManager | undefined;
  const server = startHttpServer(ctx, {
    host: '127.0.0.1',
    port: 0,
    holdRequestsUntil: listen.holdRequestsUntil,
    clientAddressOf: (frontPort) => front?.clientAddressOf(frontPort),
    strictTransportSecurity: ctx.mode === 'production',
    readinessNote: () => certificates?.expiryNote(),
    metricsToken: listen.metricsToken,
  });
  try {
    front = await startTlsFront({ host: listen.host, port: listen.port, innerPort: server.port });
  } catch (error) {
    await server.stop(0);
    throw error;
  }
  const httpsPort = front.port;
  // The first name is the public URL unless --public-url says otherwise; set once the port is
  // known (--port 0 picks one). Requests are held until start-up is done, so none sees it unset.
  ctx.settings.publicUrl ??= publicUrlOf(settings.domains[0]!, httpsPort);
  const store = certificateStoreFor(ctx, location);
  let challenges: ReturnType<typeof startChallengeListener>;
  try {
    challenges = startChallengeListener({
      host: listen.host,
      port: listen.httpPort,
      challengeAnswer: async (token) => await certificates?.challengeAnswer(token),
      httpsOrigin: (requestHost) => {
        const name = requestHost?.replace(/:\d+$/, '').toLowerCase();
        return publicUrlOf(name && settings.domains.includes(name) ? name : settings.domains[0]!, httpsPort);
      },
    });
  } catch (error) {
    await Promise.all([server.stop(0), front.stop()]);
    throw new Error(`--http-port ${listen.httpPort}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const tlsFront = front;
  certificates = startCertificateManager(ctx, settings, store, (certificate) => {
    tlsFront.useCertificate(certificate.certificatePem, certificate.privateKeyPem);
    ctx.log.info(
      `serving the certificate for ${settings.domains.join(', ')} valid until ${new Date(certificate.notAfter).toISOString()}`,
    );
  });
  return {
    server,
    certificates,
    url: publicUrlOf(settings.domains[0]!, httpsPort),
    port: httpsPort,
    stopListeners: async () => {
      await Promise.all([tlsFront.stop(), challenges.stop()]);
    },
  };
}
