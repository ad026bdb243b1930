// `authd config print`: the configuration `serve` would run with, and where each value comes
// from (flag, environment or default), so a surprising setting can be traced to its source.
import { Command } from 'commander';
import { printJson, printLine } from '../cli-output';

interface Setting {
  name: string;
  flag?: string;
  env?: string;
  fallback: string | null;
  /** The default when automatic HTTPS is on (--domain). */
  fallbackWithDomain?: string;
  secret?: boolean;
}

const settings: Setting[] = [
  { name: 'data', flag: 'data', env: 'AUTHD_DATA', fallback: './data' },
  { name: 'port', flag: 'port', env: 'AUTHD_PORT', fallback: '8102', fallbackWithDomain: '443' },
  { name: 'host', flag: 'host', env: 'AUTHD_HOST', fallback: '127.0.0.1', fallbackWithDomain: '0.0.0.0' },
  { name: 'domain', flag: 'domain', env: 'AUTHD_DOMAIN', fallback: null },
  { name: 'http-port', flag: 'httpPort', env: 'AUTHD_HTTP_PORT', fallback: '80' },
  {
    name: 'acme-directory',
    flag: 'acmeDirectory',
    env: 'AUTHD_ACME_DIRECTORY',
    fallback: "Let's Encrypt (https://acme-v02.api.letsencrypt.org/directory)",
  },
  { name: 'acme-email', flag: 'acmeEmail', env: 'AUTHD_ACME_EMAIL', fallback: null },
  { name: 'acme-ca', flag: 'acmeCa', env: 'AUTHD_ACME_CA', fallback: null },
  { name: 'production', flag: 'production', env: 'AUTHD_PRODUCTION', fallback: 'off' },
  { name: 'smtp', flag: 'smtp', env: 'AUTHD_SMTP_URL', fallback: null, secret: true },
  { name: 'public-url', flag: 'publicUrl', env: 'AUTHD_PUBLIC_URL', fallback: null },
  {
    name: 'mail-from',
    env: 'AUTHD_MAIL_FROM',
    fallback: 'noreply@SMTP host (AUTHD_SMTP_FROM also read), named after the project',
  },
  { name: 'trust-proxy', env: 'AUTHD_TRUST_PROXY', fallback: 'off' },
];

/** Hides the password of an SMTP URL: the output is meant to be pasted into bug reports. */
function redacted(value: string): string {
  if (!URL.canParse(value)) return value;
  const url = new URL(value);
  if (url.password) url.password = '****';
  return url.toString();
}

function effective(setting: Setting, flags: Record<string, unknown>, withDomain: boolean) {
  const flagValue = setting.flag ? flags[setting.flag] : undefined;
  let value: string | null;
  let source: 'flag' | 'environment' | 'default';
  if (flagValue !== undefined) {
    value = flagValue === true ? 'on' : String(flagValue);
    source = 'flag';
  } else if (setting.env && process.env[setting.env]) {
    value = process.env[setting.env]!;
    if (setting.name === 'production' || setting.name === 'trust-proxy') value = value === '1' ? 'on' : 'off';
    source = 'environment';
  } else {
    value = (withDomain && setting.fallbackWithDomain) || setting.fallback;
    source = 'default';
  }
  if (value !== null && setting.secret) value = redacted(value);
  return { name: setting.name, value, source, ...(source === 'environment' ? { variable: setting.env } : {}) };
}

export function configCommand(): Command {
  const config = new Command('config').description("authd's own configuration");
  config.addCommand(
    new Command('print')
      .description('the effective configuration of serve and where each value comes from (flag, environment, default)')
      .option('--data <dir>', 'data directory (env AUTHD_DATA)')
      .option('--port <port>', 'TCP port (env AUTHD_PORT)')
      .option('--host <host>', 'interface to listen on (env AUTHD_HOST)')
      .option('--production', 'production mode (env AUTHD_PRODUCTION=1)')
      .option('--smtp <url>', 'instance SMTP server (env AUTHD_SMTP_URL)')
      .option('--public-url <url>', 'public URL (env AUTHD_PUBLIC_URL)')
      .option('--domain <names>', 'automatic HTTPS for these names, comma-separated (env AUTHD_DOMAIN)')
      .option('--http-port <port>', 'plain HTTP port with --domain (env AUTHD_HTTP_PORT)')
      .option('--acme-directory <url>', 'ACME directory URL (env AUTHD_ACME_DIRECTORY)')
      .option('--acme-email <address>', 'ACME account contact (env AUTHD_ACME_EMAIL)')
      .option('--acme-ca <file>', 'extra CA for the ACME server (env AUTHD_ACME_CA)')
      .option('--json', 'print machine-readable JSON')
      .action((options: Record<string, unknown>) => {
        const withDomain = Boolean(options.domain ?? process.env.AUTHD_DOMAIN);
        const values = settings.map((setting) => effective(setting, options, withDomain));
        const providers = Object.keys(process.env)
          .map((name) => /^AUTHD_OAUTH_([A-Z]+)_CLIENT_ID$/.exec(name)?.[1]?.toLowerCase())
          .filter((id): id is string => Boolean(id));
        if (options.json) return printJson({ items: values, shared_oauth_providers: providers });
        const width = Math.max(...values.map((v) => v.name.length));
        for (const v of values) {
          const from = v.source === 'environment' ? `environment (${v.variable})` : v.source;
          printLine(`${v.name.padEnd(width)}  ${(v.value ?? '(none)').padEnd(30)}  from ${from}`);
        }
        printLine(`${'oauth'.padEnd(width)}  ${(providers.join(', ') || '(no shared OAuth apps)').padEnd(30)}  from environment`);
      }),
  );
  return config;
}
