// `authd doctor`: checks a deployment before it goes live, from the same settings `serve` would
// start with, and says for each check what is fine and what to fix. Everything is judged as for
// going live: a development-mode setup fails the checks production needs (SMTP, a public https
// URL, no localhost redirects), not only the mode line. Reads only: a SQLite database
// with migrations pending is not opened (opening would apply them), PostgreSQL is not migrated.
import { Database } from 'bun:sqlite';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  appliedMigrationTags,
  databaseFileName,
  instanceKeyEnvironmentVariable,
  instanceKeyFileEnvironmentVariable,
  secretKeyFileName,
} from '../../../db/connection';
import { embeddedMigrations as sqliteMigrations } from '../../../db/migrations.generated';
import { isLocalhostName } from '../../protocol/localhost-names';
import { providerCallbackUrl } from '../auth/authorization-flow';
import type { AuthdOrigins } from '../auth/authd-origins';
import { storedCertificateExpiry } from '../certificates/certificate-manager';
import { fileCertificateStore, postgresCertificateStore } from '../certificates/certificate-store';
import { instanceSenderAddress, instanceSmtpServer } from '../email/email-queue';
import { listProjectAdminViews } from '../projects/projects';
import { probeSmtpSender, type SmtpServer } from '../../providers/smtp-transport';
import type { ProjectAdminView } from '../../protocol/project-schemas';
import type { Context, InstanceSettings } from '../storage/context';
import { openPostgresLocation, redactDatabaseUrl, type DatabaseLocation } from '../storage/database-location';
import { openExistingDataDirectory, openPostgresDatabase } from '../storage/open-context';
import { silentLogger } from '../storage/context';

export type CheckStatus = 'ok' | 'warn' | 'fail';

/** One line of the report: `check` names what was looked at, `message` what was found or what to do. */
export interface DeploymentCheck {
  check: string;
  status: CheckStatus;
  message: string;
}

export interface DeploymentToCheck {
  location: DatabaseLocation;
  production: boolean;
  /** As serve builds them from its flags and the environment (deploymentSettingsOf). */
  settings: InstanceSettings;
  /** serve's --domain names: automatic HTTPS, the first being the public URL. */
  domains: string[];
  /** Where backups are kept (`--backups`); authd has no default folder: `authd backup FILE` writes anywhere. */
  backupsDir?: string;
  /** For each network check (SMTP, PostgreSQL). */
  timeoutMillis: number;
  env?: Record<string, string | undefined>;
  now?: () => number;
}

const hour = 60 * 60 * 1000;
const day = 24 * hour;
/** A nightly backup plus slack for a slow night. */
const backupMaxAgeMillis = 26 * hour;
/** TOTP codes are 30-second steps and access tokens expire by the clock: a few seconds matter. */
const clockWarnMillis = 2_000;
const clockFailMillis = 30_000;
/** Let's Encrypt renews 30 days ahead (defaultRenewBeforeDays); 7 days left means renewals fail. */
const certificateFailMillis = 7 * day;

export function deploymentNeedsFixing(checks: readonly DeploymentCheck[]): boolean {
  return checks.some((check) => check.status === 'fail');
}

export async function checkDeployment(deployment: DeploymentToCheck): Promise<DeploymentCheck[]> {
  const env = deployment.env ?? process.env;
  const now = deployment.now ?? Date.now;
  const checks: DeploymentCheck[] = [];
  const add = (check: string, status: CheckStatus, message: string) => checks.push({ check, status, message });
  const { production, settings, location } = deployment;

  // Mode.
  if (production) add('mode', 'ok', 'production mode (--production)');
  else {
    add(
      'mode',
      'fail',
      'development mode: start serve with --production (env AUTHD_PRODUCTION=1); development allows localhost redirects, keeps mail in an outbox without SMTP and exempts loopback callers from rate limits',
    );
  }
  if (settings.rateLimitsDisabled)
    add('rate_limits', 'fail', 'AUTHD_DISABLE_RATE_LIMITS=1 turns every rate limit off: unset it (it is for benchmarks)');

  // Public URL.
  const publicOrigin = settings.publicUrl
    ? new URL(settings.publicUrl).origin
    : deployment.domains[0]
      ? `https://${deployment.domains[0]}`
      : undefined;
  checks.push(publicUrlCheck(publicOrigin));

  // Instance key and data directory (a missing directory is one line, not one per file in it).
  if (location.kind === 'sqlite') checks.push(dataDirectoryCheck(location.dataDir));
  if (location.kind === 'postgres' || existsSync(location.dataDir)) checks.push(instanceKeyCheck(location, env));

  // Database: reachable, schema level, and (PostgreSQL) its clock.
  let database: DatabaseState;
  try {
    database = await databaseChecks(deployment, now);
  } catch (error) {
    // Opening reads the instance key and checks it fits the database: a wrong key lands here.
    database = { checks: [{ check: 'database', status: 'fail', message: `cannot be opened: ${reasonOf(error)}` }] };
  }
  checks.push(...database.checks);
  const ctx = database.ctx;
  try {
    checks.push(await clockCheck(database.serverClockOffsetMillis, now));
    let projects: ProjectAdminView[] | undefined;
    if (!ctx) add('projects', 'warn', 'not checked: the database could not be read (see the database line)');
    else {
      try {
        projects = await listProjectAdminViews(ctx);
        checks.push(...projectChecks(projects));
      } catch (error) {
        // Reading projects opens their sealed secrets: a wrong instance key shows here.
        add('projects', 'fail', `cannot be read: ${reasonOf(error)}`);
      }
    }
    checks.push(...(await smtpChecks(settings, projects, deployment.timeoutMillis)));
    if (projects) checks.push(...oauthCallbackChecks(projects, publicOrigin));
    checks.push(backupCheck(deployment.backupsDir, location, now));
    if (deployment.domains.length > 0) checks.push(await certificateCheck(ctx, location, deployment.domains, now));
  } finally {
    await ctx?.storage.close();
  }
  return checks;
}

function publicUrlCheck(origin: string | undefined): DeploymentCheck {
  if (!origin) {
    return {
      check: 'public_url',
      status: 'fail',
      message:
        'no public URL: set --public-url https://… (behind a proxy) or --domain; emailed links and OAuth callbacks would name the listening address',
    };
  }
  const url = new URL(origin);
  if (isLocalhostName(url.hostname)) {
    return {
      check: 'public_url',
      status: 'fail',
      message: `${origin} is this machine only: set --public-url to the address users reach`,
    };
  }
  if (url.protocol !== 'https:') {
    return {
      check: 'public_url',
      status: 'fail',
      message: `${origin} is not https: put a TLS proxy in front (or use --domain) and give its https:// URL`,
    };
  }
  return { check: 'public_url', status: 'ok', message: `${origin} (emailed links and OAuth callbacks use it)` };
}

/** `chmod` advice for a file or folder that others may read or write. */
function modeText(mode: number): string {
  return (mode & 0o777).toString(8).padStart(3, '0');
}

function instanceKeyCheck(location: DatabaseLocation, env: Record<string, string | undefined>): DeploymentCheck {
  let file: string;
  if (location.kind === 'sqlite') file = join(location.dataDir, secretKeyFileName);
  else if (env[instanceKeyFileEnvironmentVariable]) file = env[instanceKeyFileEnvironmentVariable]!;
  else if (env[instanceKeyEnvironmentVariable]) {
    return {
      check: 'instance_key',
      status: 'ok',
      message: `from ${instanceKeyEnvironmentVariable} (keep it in a secret store, not in a unit file others can read)`,
    };
  } else {
    return {
      check: 'instance_key',
      status: 'fail',
      message: `no instance key: PostgreSQL deployments need ${instanceKeyFileEnvironmentVariable} (a mode-600 file) or ${instanceKeyEnvironmentVariable}`,
    };
  }
  if (!existsSync(file)) {
    const hasDatabase = location.kind === 'sqlite' && existsSync(join(location.dataDir, databaseFileName));
    return {
      check: 'instance_key',
      status: 'fail',
      message: hasDatabase
        ? `${file} is missing: sealed secrets cannot be opened; restore it from the backup made with the database`
        : `${file} does not exist (serve creates it at the first start)`,
    };
  }
  const mode = statSync(file).mode;
  if ((mode & 0o077) !== 0) {
    return {
      check: 'instance_key',
      status: 'fail',
      message: `${file} is readable by others (mode ${modeText(mode)}): chmod 600 ${file}`,
    };
  }
  return { check: 'instance_key', status: 'ok', message: `${file} (mode ${modeText(mode)})` };
}

function dataDirectoryCheck(dataDir: string): DeploymentCheck {
  if (!existsSync(dataDir))
    return {
      check: 'data_directory',
      status: 'fail',
      message: `${resolve(dataDir)} does not exist: start serve once, or pass --data`,
    };
  const mode = statSync(dataDir).mode;
  if ((mode & 0o007) !== 0) {
    return {
      check: 'data_directory',
      status: 'fail',
      message: `${resolve(dataDir)} is open to all users (mode ${modeText(mode)}): chmod 700 ${resolve(dataDir)}`,
    };
  }
  if ((mode & 0o070) !== 0) {
    return {
      check: 'data_directory',
      status: 'warn',
      message: `${resolve(dataDir)} is open to its group (mode ${modeText(mode)}): chmod 700 unless the group is authd's alone`,
    };
  }
  return { check: 'data_directory', status: 'ok', message: `${resolve(dataDir)} (mode ${modeText(mode)})` };
}

interface DatabaseState {
  checks: DeploymentCheck[];
  /** Open only when the schema is current, for the checks that read projects. */
  ctx?: Context;
  /** PostgreSQL's clock minus this machine's, measured at the midpoint of the query. */
  serverClockOffsetMillis?: number;
}

async function databaseChecks(deployment: DeploymentToCheck, now: () => number): Promise<DatabaseState> {
  const mode = deployment.production ? 'production' : 'development';
  const { location } = deployment;
  if (location.kind === 'sqlite') {
    const file = join(location.dataDir, databaseFileName);
    if (!existsSync(file))
      return {
        checks: [
          { check: 'database', status: 'fail', message: `no authd database at ${file}: start serve once, or pass --data` },
        ],
      };
    const sqlite = new Database(file, { readonly: true });
    let pending: number;
    try {
      const applied = appliedMigrationTags(sqlite);
      pending = sqliteMigrations.filter((migration) => !applied.has(migration.tag)).length;
    } finally {
      sqlite.close();
    }
    if (pending > 0) return { checks: [pendingMigrationsCheck(pending)] };
    return {
      checks: [
        { check: 'database', status: 'ok', message: `SQLite ${file}, schema current (${sqliteMigrations.length} migrations)` },
      ],
      ctx: openExistingDataDirectory(location.dataDir, mode, silentLogger, deployment.settings),
    };
  }
  const shown = redactDatabaseUrl(location.url);
  const { pendingPostgresMigrations } = await import('../../../db/pg/connection');
  const { embeddedMigrations: postgresMigrations } = await import('../../../db/pg/migrations.generated');
  let storage: Awaited<ReturnType<typeof openPostgresLocation>>;
  const opening = openPostgresLocation(location.url, { migrate: false, max: 1 });
  try {
    storage = await withTimeout(opening, deployment.timeoutMillis, shown);
  } catch (error) {
    // A connection that comes after the timeout is closed, so it cannot keep the process alive.
    void opening.then((late) => late.close()).catch(() => undefined);
    // The catalogue's DATABASE_UNREACHABLE already names the database; a timeout does not.
    const reason = reasonOf(error);
    return {
      checks: [
        { check: 'database', status: 'fail', message: reason.includes(shown) ? reason : `${shown} cannot be reached: ${reason}` },
      ],
    };
  }
  let serverClockOffsetMillis: number | undefined;
  let pending: string[];
  try {
    const before = now();
    const [row] = (await storage.sql`SELECT (extract(epoch from clock_timestamp()) * 1000)::float8 AS millis`) as {
      millis: number;
    }[];
    serverClockOffsetMillis = Number(row!.millis) - (before + now()) / 2;
    pending = await pendingPostgresMigrations(storage.sql);
  } finally {
    await storage.close();
  }
  if (pending.length > 0) return { checks: [pendingMigrationsCheck(pending.length)], serverClockOffsetMillis };
  return {
    checks: [
      {
        check: 'database',
        status: 'ok',
        message: `PostgreSQL ${shown}, reachable, schema current (${postgresMigrations.length} migrations)`,
      },
    ],
    ctx: await openPostgresDatabase(location.url, mode, silentLogger, deployment.settings),
    serverClockOffsetMillis,
  };
}

function pendingMigrationsCheck(pending: number): DeploymentCheck {
  return {
    check: 'database',
    status: 'warn',
    message: `${pending} migration${pending === 1 ? '' : 's'} pending: the next serve applies them, or run authd migrate (project checks skipped until then)`,
  };
}

/**
 * The clock is compared with PostgreSQL's when there is one (a second machine's clock, read over
 * the connection); a SQLite deployment has no other clock at hand, so only a clock that was
 * never set (before 2025) is caught there.
 */
async function clockCheck(serverOffsetMillis: number | undefined, now: () => number): Promise<DeploymentCheck> {
  const local = now();
  if (local < Date.UTC(2025, 0, 1))
    return {
      check: 'clock',
      status: 'fail',
      message: `this machine's clock says ${new Date(local).toISOString()}: set it (and run NTP)`,
    };
  if (serverOffsetMillis === undefined) {
    return {
      check: 'clock',
      status: 'ok',
      message: `${new Date(local).toISOString()} (not compared: keep NTP running; only PostgreSQL deployments have a second clock to compare with)`,
    };
  }
  const skew = Math.abs(serverOffsetMillis);
  const text = `${(serverOffsetMillis / 1000).toFixed(1)} s from the PostgreSQL server's clock`;
  if (skew > clockFailMillis)
    return { check: 'clock', status: 'fail', message: `${text}: TOTP codes and token expiry go wrong; run NTP on both` };
  if (skew > clockWarnMillis) return { check: 'clock', status: 'warn', message: `${text}: run NTP on both` };
  return { check: 'clock', status: 'ok', message: text };
}

function projectChecks(projects: ProjectAdminView[]): DeploymentCheck[] {
  const checks: DeploymentCheck[] = [];
  for (const project of projects) {
    const check = `project ${project.id}`;
    const name = `"${project.display_name}"`;
    for (const problem of project.production_mode_errors) {
      checks.push({ check, status: 'fail', message: `${name}: ${problem.message}` });
    }
    if (project.production_mode_errors.length > 0) continue;
    const domains = project.config.domains.map((d) => d.domain);
    if (!project.is_production_mode) {
      checks.push({
        check,
        status: 'warn',
        message: `${name} is not in production mode: turn it on once its trusted domains are set`,
      });
    } else {
      checks.push({
        check,
        status: 'ok',
        message: `${name}: production mode, trusted domains ${domains.length > 0 ? domains.join(', ') : 'none (redirects only to authd itself)'}`,
      });
    }
  }
  return checks;
}

async function smtpChecks(
  settings: InstanceSettings,
  projects: ProjectAdminView[] | undefined,
  timeoutMillis: number,
): Promise<DeploymentCheck[]> {
  const checks: DeploymentCheck[] = [];
  const onShared = projects?.filter((project) => project.config.email_config.type === 'shared') ?? [];
  if (settings.smtpUrl) {
    const server = instanceSmtpServer(settings.smtpUrl);
    const sender = instanceSenderAddress(settings);
    checks.push(await smtpServerCheck('smtp', `${server.host}:${server.port}`, server, sender, timeoutMillis));
  } else if (onShared.length > 0 || !projects) {
    const who =
      onShared.length > 0
        ? `projects on the shared email config (${onShared.map((p) => p.id).join(', ')}) cannot send mail`
        : 'projects on the shared email config cannot send mail';
    checks.push({
      check: 'smtp',
      status: 'fail',
      message: `no instance SMTP server: ${who}; set --smtp smtp(s)://USER:PASSWORD@HOST:PORT (env AUTHD_SMTP_URL)`,
    });
  }
  for (const project of projects ?? []) {
    const config = project.config.email_config;
    if (config.type !== 'standard') continue;
    const server: SmtpServer = {
      host: config.host,
      port: config.port,
      secure: config.port === 465,
      auth: config.username ? { user: config.username, pass: config.password } : undefined,
    };
    checks.push(
      await smtpServerCheck(`smtp ${project.id}`, `${config.host}:${config.port}`, server, config.sender_email, timeoutMillis),
    );
  }
  return checks;
}

async function smtpServerCheck(
  check: string,
  shown: string,
  server: SmtpServer,
  sender: string,
  timeoutMillis: number,
): Promise<DeploymentCheck> {
  try {
    await probeSmtpSender(server, sender, timeoutMillis);
    return { check, status: 'ok', message: `${shown} answers and accepts mail from ${sender}` };
  } catch (error) {
    return { check, status: 'fail', message: `${shown} with sender ${sender}: ${reasonOf(error)}` };
  }
}

function oauthCallbackChecks(projects: ProjectAdminView[], publicOrigin: string | undefined): DeploymentCheck[] {
  const origins = { public: publicOrigin ?? '<public URL>' } as AuthdOrigins;
  return projects.flatMap((project) =>
    project.config.oauth_providers
      .filter((provider) => provider.enabled)
      .map((provider) => ({
        check: `oauth ${project.id} ${provider.id}`,
        status: (provider.type === 'shared' ? 'warn' : 'ok') as CheckStatus,
        message:
          provider.type === 'shared'
            ? `${provider.id} uses the shared development credentials: register your own app with ${provider.id}, callback URL ${providerCallbackUrl(origins, provider.id)}`
            : `register this callback URL with ${provider.id}: ${providerCallbackUrl(origins, provider.id)}`,
      })),
  );
}

function backupCheck(backupsDir: string | undefined, location: DatabaseLocation, now: () => number): DeploymentCheck {
  if (!backupsDir) {
    return {
      check: 'backup',
      status: 'warn',
      message:
        location.kind === 'sqlite'
          ? "no backup folder given: pass --backups DIR (where `authd backup FILE` writes) to check the newest backup's age"
          : "no backup folder given: pass --backups DIR (where your pg_dump files go) to check the newest backup's age",
    };
  }
  if (!existsSync(backupsDir))
    return { check: 'backup', status: 'warn', message: `no backup found: ${resolve(backupsDir)} does not exist` };
  let newest: { name: string; at: number } | undefined;
  for (const entry of readdirSync(backupsDir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const at = statSync(join(backupsDir, entry.name)).mtimeMs;
    if (!newest || at > newest.at) newest = { name: entry.name, at };
  }
  if (!newest) return { check: 'backup', status: 'warn', message: `no backup found in ${resolve(backupsDir)}` };
  const ageHours = Math.max(0, (now() - newest.at) / hour);
  const age = ageHours < 48 ? `${ageHours.toFixed(1)} hours` : `${(ageHours / 24).toFixed(0)} days`;
  if (now() - newest.at > backupMaxAgeMillis)
    return {
      check: 'backup',
      status: 'warn',
      message: `the newest backup, ${newest.name}, is ${age} old: back up at least daily`,
    };
  return { check: 'backup', status: 'ok', message: `newest backup ${newest.name}, ${age} old` };
}

async function certificateCheck(
  ctx: Context | undefined,
  location: DatabaseLocation,
  domains: string[],
  now: () => number,
): Promise<DeploymentCheck> {
  const store =
    location.kind === 'sqlite'
      ? fileCertificateStore(join(location.dataDir, 'certificates'))
      : ctx?.storage.dialect === 'postgres'
        ? postgresCertificateStore(ctx.storage)
        : undefined;
  if (!store) return { check: 'certificate', status: 'warn', message: 'not checked: the database could not be read' };
  const notAfter = await storedCertificateExpiry(store, domains);
  const names = domains.join(', ');
  if (notAfter === undefined)
    return {
      check: 'certificate',
      status: 'warn',
      message: `no certificate for ${names} yet: serve orders one at its first start (ports 80 and 443 must reach this machine)`,
    };
  const left = notAfter - now();
  const when = `${new Date(notAfter).toISOString().slice(0, 10)} (${Math.floor(left / day)} days)`;
  if (left <= 0)
    return {
      check: 'certificate',
      status: 'fail',
      message: `the certificate for ${names} expired on ${when}: check the renewal errors in serve's log`,
    };
  if (left <= certificateFailMillis)
    return {
      check: 'certificate',
      status: 'fail',
      message: `the certificate for ${names} expires ${when}: renewal is failing; check serve's log`,
    };
  return { check: 'certificate', status: 'ok', message: `the certificate for ${names} expires ${when}` };
}

async function withTimeout<T>(work: Promise<T>, millis: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${millis / 1000} s`)), millis)),
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
