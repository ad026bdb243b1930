// `authd serve`: opens the data directory, creates the first projects on a new one, serves the
// API, and on SIGTERM/SIGINT lets in-flight requests finish before closing the database.
import { Command } from 'commander';
import { bootstrapInstance, type BootstrappedProject } from '../../server/core/projects/bootstrap';
import { defaultSettings, type Context, type Logger } from '../../server/core/storage/context';
import { describeDatabaseLocation } from '../../server/core/storage/database-location';
import { openDatabase } from '../../server/core/storage/open-context';
import { startWebhookDelivery } from '../../server/core/webhooks/webhook-delivery';
import { startEmailDelivery } from '../../server/core/email/email-delivery';
import { startAuditPruning } from '../../server/core/audit/audit-log';
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
import type { DatabaseLocation } from '../../server/core/storage/database-location';
import { readFileSync } from 'node:fs';
import { flushDeferredSends } from '../../server/core/auth/code-emails';
import { oauthSettingsFromEnvironment } from '../../server/core/auth/provider-registry';
import { CliError, databaseLocationOf, printErrorLine, printLine, withCommonOptions, type CommonOptions } from '../cli-support';

interface ServeOptions extends CommonOptions {
  port?: string;
  host?: string;
  domain: string[];
  httpPort: string;
  acmeDirectory: string;
  acmeEmail?: string;
  acmeCa?: string;
  production?: boolean;
  smtp?: string;
  publicUrl?: string;
  mailFrom?: string;
  drainSeconds: string;
}

export function serveCommand(): Command {
  return withCommonOptions(new Command('serve'))
    .description('serve the authd API')
    .option('--port <port>', 'TCP port, 8102 (443 with --domain); 0 picks a free one (env AUTHD_PORT)', process.env.AUTHD_PORT)
    .option('--host <host>', 'interface to listen on, 127.0.0.1 (0.0.0.0 with --domain) (env AUTHD_HOST)', process.env.AUTHD_HOST)
    .option(
      '--domain <name>',
      "serve HTTPS for this name with a certificate from an ACME server (Let's Encrypt); repeatable, the first is the public URL (env AUTHD_DOMAIN, comma-separated)",
      (name: string, names: string[]) => [...names, name],
      process.env.AUTHD_DOMAIN?.split(',')
        .map((name) => name.trim())
        .filter(Boolean) ?? [],
    )
    .option(
      '--http-port <port>',
      'with --domain: plain HTTP port answering ACME HTTP-01 challenges and redirecting to HTTPS (env AUTHD_HTTP_PORT)',
      process.env.AUTHD_HTTP_PORT ?? '80',
    )
    .option(
      '--acme-directory <url>',
      'ACME directory URL (env AUTHD_ACME_DIRECTORY)',
      process.env.AUTHD_ACME_DIRECTORY ?? letsEncryptDirectoryUrl,
    )
    .option('--acme-email <address>', 'contact address of the ACME account (env AUTHD_ACME_EMAIL)', process.env.AUTHD_ACME_EMAIL)
    .option(
      '--acme-ca <file>',
      'PEM file of an extra CA to trust for the ACME server itself (env AUTHD_ACME_CA)',
      process.env.AUTHD_ACME_CA,
    )
    .option(
      '--production',
      'production mode: no demo project, no development fallbacks (env AUTHD_PRODUCTION=1)',
      process.env.AUTHD_PRODUCTION === '1',
    )
    .option(
      '--smtp <url>',
      'instance SMTP server for projects on the shared email config, smtp(s)://user:pass@host:port (env AUTHD_SMTP_URL)',
      process.env.AUTHD_SMTP_URL,
    )
    .option('--mail-from <address>', 'sender address of instance mail; the sender name is the project (env AUTHD_MAIL_FROM)')
    .option(
      '--public-url <url>',
      'the URL users reach authd at, if behind a proxy (env AUTHD_PUBLIC_URL)',
      process.env.AUTHD_PUBLIC_URL,
    )
    .option(
      '--drain-seconds <n>',
      'on SIGTERM, answer /health/ready with 503 and keep serving this long before stopping, so a load balancer moves traffic away first (env AUTHD_DRAIN_SECONDS)',
      process.env.AUTHD_DRAIN_SECONDS ?? '0',
    )
    .action(serve);
}

/**
 * The address part of a sender: AUTHD_SMTP_FROM used to take a whole `Name <address>`; the name
 * is now the project's, so only the address is kept.
 */
function senderAddress(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const address = /<([^>]+)>/.exec(value)?.[1] ?? value;
  if (!/^[^\s@<>"]+@[^\s@<>"]+$/.test(address.trim())) throw new CliError(`--mail-from: "${value}" is not an email address`);
  return address.trim();
}

function portNumber(flag: string, text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new CliError(`${flag}: "${text}" is not a port number`);
  return port;
}

async function serve(options: ServeOptions): Promise<void> {
  const https = automaticHttpsSettings(options);
  const port = portNumber('--port', options.port ?? (https ? '443' : '8102'));
  const host = options.host ?? (https ? '0.0.0.0' : '127.0.0.1');
  const drainMillis = Number(options.drainSeconds) * 1000;
  if (!/^\d{1,4}$/.test(options.drainSeconds))
    throw new CliError(`--drain-seconds: "${options.drainSeconds}" is not a whole number of seconds (0-9999)`);
  for (const [flag, value, protocols] of [
    ['--smtp', options.smtp, ['smtp:', 'smtps:']],
    ['--public-url', options.publicUrl, ['http:', 'https:']],
  ] as const) {
    if (value === undefined) continue;
    if (!URL.canParse(value) || !(protocols as readonly string[]).includes(new URL(value).protocol)) {
      throw new CliError(`${flag}: "${value}" is not a ${protocols.join(' or ')} URL`);
    }
  }

  const log = serveLogger(options.json === true);
  const settings = {
    ...defaultSettings(),
    smtpUrl: options.smtp,
    mailFrom: senderAddress(options.mailFrom ?? process.env.AUTHD_MAIL_FROM ?? process.env.AUTHD_SMTP_FROM),
    publicUrl: options.publicUrl,
    trustProxy: process.env.AUTHD_TRUST_PROXY === '1',
    rateLimitsDisabled: process.env.AUTHD_DISABLE_RATE_LIMITS === '1',
    oauth: oauthSettingsFromEnvironment(process.env),
  };
  if (settings.rateLimitsDisabled && options.production) {
    throw new CliError('AUTHD_DISABLE_RATE_LIMITS is for benchmarks and cannot be used with --production');
  }
  const location = databaseLocationOf(options);
  const ctx = await openDatabase(location, options.production ? 'production' : 'development', log, settings);
  const where = describeDatabaseLocation(location);
  let server: ReturnType<typeof startHttpServer>;
  let bootstrapped!: () => void;
  const holdRequestsUntil = new Promise<void>((resolve) => (bootstrapped = resolve));
  let secure: ServedOverHttps | undefined;
  try {
    if (https) {
      secure = await serveOverHttps(ctx, location, https.settings, { host, port, httpPort: https.httpPort, holdRequestsUntil });
      server = secure.server;
    } else {
      server = startHttpServer(ctx, { host, port, holdRequestsUntil });
    }
  } catch (error) {
    await ctx.storage.close();
    throw new CliError(`cannot listen on ${host}:${port}: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Bootstrapped only once the port is ours, so a failed start never prints keys that a later
  // start would not show again. Bootstrapping awaits the database: requests arriving meanwhile
  // are held until it is done, so none sees the instance half made.
  for (const created of await bootstrapInstance(ctx)) announceBootstrappedProject(log, created, options.json === true);
  bootstrapped();
  if (ctx.mode === 'production' && !settings.smtpUrl) {
    log.warn('no instance SMTP server (--smtp): projects on the shared email config cannot send email in production mode');
  }
  const emailDelivery = startEmailDelivery(ctx);
  const webhookDelivery = startWebhookDelivery(ctx);
  const auditPruning = startAuditPruning(ctx);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.startDraining();
    if (drainMillis > 0) {
      log.info(`received ${signal}, draining: /health/ready answers 503, serving ${drainMillis / 1000} s more`);
      await Bun.sleep(drainMillis);
    }
    log.info(`received ${signal}, finishing in-flight requests`);
    secure?.certificates.stop();
    await Promise.all([server.stop(), secure?.stopListeners()]);
    await flushDeferredSends(ctx);
    await emailDelivery.stop();
    await webhookDelivery.stop();
    await auditPruning.stop();
    await ctx.storage.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // Announce only once the signal handlers are in place: a supervisor (or test) that stops the
  // server as soon as it reports listening must get the graceful stop, not the default kill.
  const url = secure?.url ?? server.url;
  const listeningPort = secure?.port ?? server.port;
  if (options.json) emitJson({ event: 'listening', url, port: listeningPort, mode: ctx.mode, data: where });
  else log.info(`authd listening on ${url} (${ctx.mode} mode, data in ${where})`);
  // One full collection once started: what start-up allocated and dropped (migration texts, route
  // tables being built) is freed now instead of at some later allocation, so an idle server
  // holds about a megabyte less (bench/footprint.ts). A few milliseconds, once.
  setTimeout(() => Bun.gc(true), 200).unref();
}

/** `https://NAME`, with the port unless it is 443. */
function publicUrlOf(domain: string, port: number): string {
  return port === 443 ? `https://${domain}` : `https://${domain}:${port}`;
}

/** Undefined without --domain: authd serves plain HTTP, for a proxy in front. */
function automaticHttpsSettings(options: ServeOptions): { settings: AutomaticHttpsSettings; httpPort: number } | undefined {
  if (options.domain.length === 0) return undefined;
  for (const domain of options.domain) {
    // A hostname an ACME CA can issue for over HTTP-01: letters, digits, hyphens, dots; no wildcard, no IP.
    if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/i.test(domain) || /^[\d.]+$/.test(domain)) {
      throw new CliError(`--domain: "${domain}" is not a domain name (HTTP-01 needs a name, not an address or a wildcard)`);
    }
  }
  if (!URL.canParse(options.acmeDirectory) || !['https:', 'http:'].includes(new URL(options.acmeDirectory).protocol)) {
    throw new CliError(`--acme-directory: "${options.acmeDirectory}" is not an https URL`);
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
      directoryUrl: options.acmeDirectory,
      email: options.acmeEmail,
      extraCaPem,
      renewBeforeMillis: Number(renewDays) * 24 * 60 * 60 * 1000,
      firstRetryMillis: Number(retrySeconds) * 1000,
    },
    httpPort,
  };
}

interface ServedOverHttps {
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
async function serveOverHttps(
  ctx: Context,
  location: DatabaseLocation,
  settings: AutomaticHttpsSettings,
  listen: { host: string; port: number; httpPort: number; holdRequestsUntil: Promise<void> },
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

function emitJson(event: Record<string, unknown>): void {
  printLine(JSON.stringify(event));
}

/** Server logs go to stdout, as one JSON object per line with --json. */
function serveLogger(json: boolean): Logger {
  if (json) {
    return {
      info: (message) => emitJson({ level: 'info', message }),
      warn: (message) => emitJson({ level: 'warn', message }),
      error: (message) => emitJson({ level: 'error', message }),
    };
  }
  return {
    info: (m) => printLine(m),
    warn: (m) => printLine(`warning: ${m}`),
    error: (m) => printErrorLine(`error: ${m}`),
  };
}

function announceBootstrappedProject(log: Logger, created: BootstrappedProject, json: boolean): void {
  if (json) {
    emitJson({
      event: 'project_created',
      project_id: created.projectId,
      display_name: created.displayName,
      publishable_client_key: created.keys.publishable_client_key,
      secret_server_key: created.keys.secret_server_key,
      super_secret_admin_key: created.keys.super_secret_admin_key,
    });
    return;
  }
  log.info(
    [
      `Created project "${created.displayName}" (id ${created.projectId}). Its keys are shown only this once:`,
      `  publishable client key: ${created.keys.publishable_client_key}`,
      `  secret server key:      ${created.keys.secret_server_key}`,
      `  super secret admin key: ${created.keys.super_secret_admin_key}`,
    ].join('\n'),
  );
}
