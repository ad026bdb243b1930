// `authd serve`: opens the data directory, creates the first projects on a new one, serves the
// API, and on SIGTERM/SIGINT lets in-flight requests finish before closing the database.
import { describeEmailKeyClashes, settleEmailKeyClashes } from '../../server/core/users/email-key-clashes';
import { Command } from 'commander';
import { bootstrapInstance, type BootstrappedProject } from '../../server/core/projects/bootstrap';
import { defaultSettings, type InstanceSettings, type Logger } from '../../server/core/storage/context';
import { describeDatabaseLocation, redactDatabaseUrl, type DatabaseLocation } from '../../server/core/storage/database-location';
import { openDatabase } from '../../server/core/storage/open-context';
import { startWebhookDelivery } from '../../server/core/webhooks/webhook-delivery';
import { startEmailDelivery } from '../../server/core/email/email-delivery';
import { startAuditPruning } from '../../server/core/audit/audit-log';
import { startVerificationCodePruning } from '../../server/core/credentials/verification-codes';
import { startHttpServer } from '../../server/http/server';
import { observeWriteTransactions } from '../../server/core/storage/transactions';
import type { ServedOverHttps } from './serve-https';
import { flushDeferredSends } from '../../server/core/email/code-emails';
import { oauthSettingsFromEnvironment } from '../../server/core/auth/provider-registry';
import { CliError, databaseLocationOf, portNumber, withCommonOptions, type CommonOptions } from '../cli-support';
import { printErrorLine, printLine } from '../cli-output';

interface ServeOptions extends CommonOptions, DeploymentOptions {
  port?: string;
  host?: string;
  httpPort: string;
  acmeDirectory?: string;
  acmeEmail?: string;
  acmeCa?: string;
  drainSeconds: string;
  metrics?: boolean;
  metricsToken?: string;
}

export function serveCommand(): Command {
  return withDeploymentOptions(withCommonOptions(new Command('serve')))
    .description('serve the authd API')
    .option('--port <port>', 'TCP port, 8102 (443 with --domain); 0 picks a free one (env AUTHD_PORT)', process.env.AUTHD_PORT)
    .option('--host <host>', 'interface to listen on, 127.0.0.1 (0.0.0.0 with --domain) (env AUTHD_HOST)', process.env.AUTHD_HOST)
    .option(
      '--http-port <port>',
      'with --domain: plain HTTP port answering ACME HTTP-01 challenges and redirecting to HTTPS (env AUTHD_HTTP_PORT)',
      process.env.AUTHD_HTTP_PORT ?? '80',
    )
    .option(
      '--acme-directory <url>',
      "ACME directory URL, Let's Encrypt's production one unless given (env AUTHD_ACME_DIRECTORY)",
      process.env.AUTHD_ACME_DIRECTORY,
    )
    .option('--acme-email <address>', 'contact address of the ACME account (env AUTHD_ACME_EMAIL)', process.env.AUTHD_ACME_EMAIL)
    .option(
      '--acme-ca <file>',
      'PEM file of an extra CA to trust for the ACME server itself (env AUTHD_ACME_CA)',
      process.env.AUTHD_ACME_CA,
    )
    .option(
      '--drain-seconds <n>',
      'on SIGTERM, answer /health/ready with 503 and keep serving this long before stopping, so a load balancer moves traffic away first (env AUTHD_DRAIN_SECONDS)',
      process.env.AUTHD_DRAIN_SECONDS ?? '0',
    )
    .option(
      '--metrics',
      'serve GET /metrics in Prometheus text format, to loopback callers (env AUTHD_METRICS=1)',
      process.env.AUTHD_METRICS === '1',
    )
    .option(
      '--metrics-token <token>',
      'with --metrics: a bearer token (16+ characters) that lets non-loopback callers read /metrics (env AUTHD_METRICS_TOKEN)',
      process.env.AUTHD_METRICS_TOKEN,
    )
    .action(serve);
}

/** The serve flags that describe a deployment, shared with `authd doctor`, which checks one. */
export interface DeploymentOptions {
  domain: string[];
  production?: boolean;
  smtp?: string;
  publicUrl?: string;
  mailFrom?: string;
}

/** Adds serve's deployment flags (and their environment variables) to a command: serve's and doctor's. */
export function withDeploymentOptions(command: Command): Command {
  return command
    .option(
      '--domain <name>',
      "serve HTTPS for this name with a certificate from an ACME server (Let's Encrypt); repeatable, the first is the public URL (env AUTHD_DOMAIN, comma-separated)",
      (name: string, names: string[]) => [...names, name],
      process.env.AUTHD_DOMAIN?.split(',')
        .map((name) => name.trim())
        .filter(Boolean) ?? [],
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
    );
}

/** Instance settings from the deployment flags and the environment, refusing bad values, as serve starts with. */
export function deploymentSettingsOf(options: DeploymentOptions): InstanceSettings {
  for (const [flag, value, protocols] of [
    ['--smtp', options.smtp, ['smtp:', 'smtps:']],
    ['--public-url', options.publicUrl, ['http:', 'https:']],
  ] as const) {
    if (value === undefined) continue;
    if (!URL.canParse(value) || !(protocols as readonly string[]).includes(new URL(value).protocol)) {
      throw new CliError(`${flag}: "${value}" is not a ${protocols.join(' or ')} URL`);
    }
  }
  return {
    ...defaultSettings(),
    smtpUrl: options.smtp,
    mailFrom: senderAddress(options.mailFrom ?? process.env.AUTHD_MAIL_FROM ?? process.env.AUTHD_SMTP_FROM),
    publicUrl: options.publicUrl,
    trustProxy: process.env.AUTHD_TRUST_PROXY === '1',
    rateLimitsDisabled: process.env.AUTHD_DISABLE_RATE_LIMITS === '1',
    oauth: oauthSettingsFromEnvironment(process.env),
  };
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

async function serve(options: ServeOptions): Promise<void> {
  // Loaded only with --domain: node:tls and the certificate code cost a plain serve memory.
  const httpsModule = options.domain.length > 0 ? await import('./serve-https') : undefined;
  const https = httpsModule?.automaticHttpsSettings(options);
  const port = portNumber('--port', options.port ?? (https ? '443' : '8102'));
  const host = options.host ?? (https ? '0.0.0.0' : '127.0.0.1');
  const drainMillis = Number(options.drainSeconds) * 1000;
  if (!/^\d{1,4}$/.test(options.drainSeconds))
    throw new CliError(`--drain-seconds: "${options.drainSeconds}" is not a whole number of seconds (0-9999)`);

  if (options.metricsToken !== undefined && !options.metrics)
    throw new CliError('--metrics-token: only means something with --metrics');
  if (options.metricsToken !== undefined && options.metricsToken.length < 16) {
    throw new CliError('--metrics-token: use at least 16 characters (for example: openssl rand -hex 24)');
  }

  const log = serveLogger(options.json === true);
  const settings = deploymentSettingsOf(options);
  if (settings.rateLimitsDisabled && options.production) {
    throw new CliError('AUTHD_DISABLE_RATE_LIMITS is for benchmarks and cannot be used with --production');
  }
  const location = databaseLocationOf(options);
  const ctx = await openDatabase(location, options.production ? 'production' : 'development', log, settings);
  const where = describeDatabaseLocation(location);
  if (options.metrics) {
    // Loaded only with --metrics: prom-client costs an idle server memory (bench/footprint.ts).
    const { createPrometheusMetrics } = await import('../../server/core/operations/prometheus-metrics');
    const metrics = (ctx.metrics = await createPrometheusMetrics(ctx));
    observeWriteTransactions(ctx, (seconds) => metrics.observeWriteTransaction(seconds));
  }
  let server: ReturnType<typeof startHttpServer>;
  let bootstrapped!: () => void;
  const holdRequestsUntil = new Promise<void>((resolve) => (bootstrapped = resolve));
  let secure: ServedOverHttps | undefined;
  try {
    if (https) {
      secure = await httpsModule!.serveOverHttps(ctx, location, https.settings, {
        host,
        port,
        httpPort: https.httpPort,
        holdRequestsUntil,
        metricsToken: options.metricsToken,
      });
      server = secure.server;
    } else {
      server = startHttpServer(ctx, { host, port, holdRequestsUntil, metricsToken: options.metricsToken });
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
  const clashReport = describeEmailKeyClashes(await settleEmailKeyClashes(ctx));
  if (clashReport.length > 0) log.warn(clashReport.join('\n'));
  if (ctx.mode === 'production' && !settings.smtpUrl) {
    log.warn('no instance SMTP server (--smtp): projects on the shared email config cannot send email in production mode');
  }
  const emailDelivery = startEmailDelivery(ctx);
  const webhookDelivery = startWebhookDelivery(ctx);
  const auditPruning = startAuditPruning(ctx);
  const codePruning = startVerificationCodePruning(ctx);

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
    await codePruning.stop();
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
  const places: Record<string, string> = placesToOpen(settings.publicUrl ?? browsableUrl(url), location);
  if (options.metrics) places.metrics_url = `${browsableUrl(url)}/metrics`;
  if (options.json) emitJson({ event: 'listening', url, port: listeningPort, mode: ctx.mode, data: where, ...places });
  else {
    log.info(
      [
        `authd listening on ${browsableUrl(url)} (${ctx.mode} mode, data in ${where})`,
        `  sign-in screen: ${places.sign_in_url}`,
        `  API docs:       ${places.api_docs_url}`,
        `  admin TUI:      ${places.tui_command}`,
        ...(places.metrics_url ? [`  metrics:        ${places.metrics_url}`] : []),
      ].join('\n'),
    );
  }
  // One full collection once started: what start-up allocated and dropped (migration texts, route
  // tables being built) is freed now instead of at some later allocation, so an idle server
  // holds about a megabyte less (bench/footprint.ts). A few milliseconds, once.
  setTimeout(() => Bun.gc(true), 200).unref();
}

/**
 * The address a person opens: `localhost` for a loopback or wildcard bind, since browsers refuse
 * passkeys on an IP-address origin. The JSON event keeps the literal address for programs.
 */
export function browsableUrl(url: string): string {
  const parsed = new URL(url);
  if (!['127.0.0.1', '0.0.0.0', '[::]', '[::1]'].includes(parsed.hostname)) return url;
  return `${parsed.protocol}//localhost${parsed.port ? `:${parsed.port}` : ''}`;
}

/**
 * Where a person goes next, for the banner and the `listening` event: the default project's
 * sign-in screen, the API reference and the command that opens the TUI on this same database.
 */
export function placesToOpen(
  baseUrl: string,
  location: DatabaseLocation,
): { sign_in_url: string; api_docs_url: string; tui_command: string } {
  const base = baseUrl.replace(/\/+$/, '');
  const database = location.kind === 'sqlite' ? `--data ${location.dataDir}` : `--database ${redactDatabaseUrl(location.url)}`;
  return { sign_in_url: `${base}/handler/sign-in`, api_docs_url: `${base}/api/v1/docs`, tui_command: `authd tui ${database}` };
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
