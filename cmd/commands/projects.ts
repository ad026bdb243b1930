// `authd create-project` and `authd projects list|get|update|delete`.
import { Command } from 'commander';
import { sendTestEmail } from '../../server/core/email/test-email';
import { projectProvidersCommand } from './project-providers';
import { createApiKeySet, nonExpiringKeyMillis } from '../../server/core/projects/api-keys';
import {
  deleteProject,
  insertProject,
  listProjectAdminViews,
  readProjectAdminView,
  updateProject,
} from '../../server/core/projects/projects';
import { writeTransaction } from '../../server/core/storage/transactions';
import {
  projectCreateSchema,
  projectUpdateSchema,
  type ProjectAdminView,
  type ProjectUpdate,
} from '../../server/protocol/project-schemas';
import { confirmDestructive, yesOption } from '../terminal-prompts';
import {
  CliError,
  parseJsonFlag,
  parseOnOff,
  parseWithSchema,
  withCommonOptions,
  withContext,
  withNewOrExistingContext,
  type CommonOptions,
} from '../cli-support';
import { printJson, printLine, printList, printSuccess } from '../cli-output';
import { supportedLocales } from '../../server/protocol/locales';

export function createProjectCommand(): Command {
  return withCommonOptions(new Command('create-project'))
    .description('create a project and its first key set; the keys are printed once')
    .requiredOption('--name <name>', 'display name')
    .option('--description <text>', 'description')
    .action((options: CommonOptions & { name: string; description?: string }) =>
      withNewOrExistingContext(options, async (ctx) => {
        const input = parseWithSchema(
          projectCreateSchema,
          { display_name: options.name, description: options.description },
          projectFlags,
        );
        const projectId = crypto.randomUUID();
        const keys = await writeTransaction(ctx, async (tx) => {
          await insertProject(ctx, tx, projectId, input);
          return await createApiKeySet(
            ctx,
            projectId,
            {
              description: 'First key set',
              expiresAtMillis: nonExpiringKeyMillis,
              keys: { publishable_client_key: true, secret_server_key: true, super_secret_admin_key: true },
            },
            tx,
          );
        });
        if (options.json) {
          printJson({
            project_id: projectId,
            publishable_client_key: keys.publishable_client_key,
            secret_server_key: keys.secret_server_key,
            super_secret_admin_key: keys.super_secret_admin_key,
          });
          return;
        }
        printLine(`Created project "${input.display_name}" with id ${projectId}.`);
        printLine(`  publishable client key: ${keys.publishable_client_key}`);
        printLine(`  secret server key:      ${keys.secret_server_key}`);
        printLine(`  super secret admin key: ${keys.super_secret_admin_key}`);
        printLine('These keys are shown only now; authd keeps only their hashes.');
      }),
    );
}

interface UpdateOptions extends CommonOptions {
  name?: string;
  description?: string;
  productionMode?: boolean;
  signUp?: boolean;
  credential?: boolean;
  magicLink?: boolean;
  passkey?: boolean;
  allowLocalhost?: boolean;
  clientTeamCreation?: boolean;
  createTeamOnSignUp?: boolean;
  refreshTokenRotation?: boolean;
  passwordCheck?: boolean;
  invitationEmailMatch?: boolean;
  defaultLocale?: string;
  addDomain?: string[];
  removeDomain?: string[];
  configJson?: string;
}

export function projectsCommand(): Command {
  const projects = new Command('projects').description('list, read, change and delete projects');

  projects.addCommand(
    withCommonOptions(new Command('list'))
      .description('list every project, newest first')
      .action((options: CommonOptions) =>
        withContext(options, async (ctx) => {
          const views = await listProjectAdminViews(ctx);
          printList(views, {
            json: options.json,
            line: (p) => `${p.id}  ${p.display_name}  (${p.user_count} users${p.is_production_mode ? ', production' : ''})`,
          });
        }),
      ),
  );

  projects.addCommand(
    withCommonOptions(new Command('get'))
      .description("show a project's settings (the admin view)")
      .argument('<project-id>')
      .action((projectId: string, options: CommonOptions) =>
        withContext(options, async (ctx) => printProject(await readProjectAdminView(ctx, projectId), options)),
      ),
  );

  const collect = (value: string, previous: string[] = []) => [...previous, value];
  projects.addCommand(
    withCommonOptions(new Command('update'))
      .description('change a project; every rule of the HTTP API applies')
      .argument('<project-id>')
      .option('--name <name>', 'display name')
      .option('--description <text>', 'description')
      .option('--production-mode <on|off>', 'production mode', parseOnOff('--production-mode'))
      .option('--sign-up <on|off>', 'allow new users to sign up', parseOnOff('--sign-up'))
      .option('--credential <on|off>', 'email and password sign-in', parseOnOff('--credential'))
      .option('--magic-link <on|off>', 'magic link / one-time code sign-in', parseOnOff('--magic-link'))
      .option('--passkey <on|off>', 'passkey (WebAuthn) sign-in', parseOnOff('--passkey'))
      .option('--allow-localhost <on|off>', 'trust localhost redirect targets', parseOnOff('--allow-localhost'))
      .option('--client-team-creation <on|off>', 'let signed-in users create teams', parseOnOff('--client-team-creation'))
      .option('--create-team-on-sign-up <on|off>', 'give every new user a personal team', parseOnOff('--create-team-on-sign-up'))
      .option(
        '--refresh-token-rotation <on|off>',
        'new refresh token at each refresh, reuse ends the session (authd/client apps; the Stack SDK keeps the old token)',
        parseOnOff('--refresh-token-rotation'),
      )
      .option(
        '--password-check <on|off>',
        'refuse breached, email-containing and easily guessed passwords (the length rules always apply)',
        parseOnOff('--password-check'),
      )
      .option(
        '--invitation-email-match <on|off>',
        'only an account holding the invited address (verified) may accept a team invitation',
        parseOnOff('--invitation-email-match'),
      )
      .option(
        '--default-locale <locale>',
        `language of the screens and emails when neither the user nor the browser names a supported one (${supportedLocales.join(', ')})`,
      )
      .option('--add-domain <url[,handler-path]>', 'trust a domain (repeatable; handler path defaults to /handler)', collect)
      .option('--remove-domain <url>', 'stop trusting a domain (repeatable)', collect)
      .option('--config-json <json>', 'any other config fields as wire JSON, e.g. {"email_config":{"type":"shared"}}')
      .action((projectId: string, options: UpdateOptions) =>
        withContext(options, async (ctx) => {
          const current = await readProjectAdminView(ctx, projectId);
          const update = parseWithSchema(projectUpdateSchema, buildProjectUpdate(current, options), projectFlags);
          printProject(await updateProject(ctx, projectId, update), options);
        }),
      ),
  );

  projects.addCommand(
    withCommonOptions(new Command('delete'))
      .description('delete a project and everything in it')
      .argument('<project-id>')
      .option(...yesOption)
      .action((projectId: string, options: CommonOptions & { yes?: boolean }) =>
        withContext(options, async (ctx) => {
          const project = await readProjectAdminView(ctx, projectId);
          await confirmDestructive(options, `Delete project "${project.display_name}" (${projectId}) and everything in it?`);
          await deleteProject(ctx, projectId);
          printSuccess(options, `Deleted project ${projectId}.`);
        }),
      ),
  );
  projects.addCommand(projectProvidersCommand());

  projects.addCommand(
    withCommonOptions(new Command('test-email'))
      .description("send a test email now with the project's email settings and say how it went")
      .argument('<project-id>')
      .requiredOption('--to <address>', 'who receives it')
      .action((projectId: string, options: CommonOptions & { to: string }) =>
        withContext(options, async (ctx) => {
          const outcome = await sendTestEmail(ctx, projectId, options.to);
          if (options.json) return printJson(outcome);
          printLine(
            outcome.sent === 'smtp'
              ? `Test email to ${options.to} accepted by ${outcome.server}.`
              : `No SMTP server is configured: the test email to ${options.to} is in the development outbox (authd mail).`,
          );
        }),
      ),
  );
  return projects;
}

/** The wire fields of create-project and projects update and the flags that set them, for validation errors. */
const projectFlags = {
  display_name: '--name',
  description: '--description',
  is_production_mode: '--production-mode',
  config: '--config-json',
  'config.sign_up_enabled': '--sign-up',
  'config.credential_enabled': '--credential',
  'config.magic_link_enabled': '--magic-link',
  'config.passkey_enabled': '--passkey',
  'config.allow_localhost': '--allow-localhost',
  'config.client_team_creation_enabled': '--client-team-creation',
  'config.create_team_on_sign_up': '--create-team-on-sign-up',
  'config.refresh_token_rotation_enabled': '--refresh-token-rotation',
  'config.password_strength_check_enabled': '--password-check',
  'config.team_invitation_requires_matching_email': '--invitation-email-match',
  'config.default_locale': '--default-locale',
  'config.domains': '--add-domain',
};

function buildProjectUpdate(current: ProjectAdminView, options: UpdateOptions): ProjectUpdate {
  let extraConfig: Record<string, unknown> = {};
  if (options.configJson !== undefined) {
    extraConfig = parseJsonFlag('--config-json', options.configJson) as Record<string, unknown>;
    if (typeof extraConfig !== 'object' || extraConfig === null || Array.isArray(extraConfig)) {
      throw new CliError('--config-json must be a JSON object of config fields');
    }
  }
  const config: Record<string, unknown> = {
    ...extraConfig,
    sign_up_enabled: options.signUp,
    credential_enabled: options.credential,
    magic_link_enabled: options.magicLink,
    passkey_enabled: options.passkey,
    allow_localhost: options.allowLocalhost,
    client_team_creation_enabled: options.clientTeamCreation,
    create_team_on_sign_up: options.createTeamOnSignUp,
    refresh_token_rotation_enabled: options.refreshTokenRotation,
    password_strength_check_enabled: options.passwordCheck,
    team_invitation_requires_matching_email: options.invitationEmailMatch,
    default_locale: options.defaultLocale,
  };
  if (options.addDomain || options.removeDomain) {
    const removed = new Set(options.removeDomain ?? []);
    const added = (options.addDomain ?? []).map((entry) => {
      const [domain = '', handlerPath = '/handler'] = entry.split(',');
      return { domain, handler_path: handlerPath };
    });
    const unknown = [...removed].filter((d) => !current.config.domains.some((c) => c.domain === d));
    if (unknown.length > 0) throw new CliError(`not a trusted domain of this project: ${unknown.join(', ')}`);
    config.domains = [...current.config.domains.filter((d) => !removed.has(d.domain)), ...added];
  }
  for (const key of Object.keys(config)) if (config[key] === undefined) delete config[key];
  return {
    display_name: options.name,
    description: options.description,
    is_production_mode: options.productionMode,
    config,
  } as ProjectUpdate;
}

function printProject(view: ProjectAdminView, options: CommonOptions): void {
  if (options.json) return printJson(view);
  const c = view.config;
  const onOff = (b: boolean) => (b ? 'on' : 'off');
  printLine(`${view.display_name} (${view.id})`);
  if (view.description) printLine(`  description:          ${view.description}`);
  printLine(`  created:              ${new Date(view.created_at_millis).toISOString()}`);
  printLine(`  users:                ${view.user_count}`);
  printLine(`  production mode:      ${onOff(view.is_production_mode)}`);
  printLine(`  sign-up:              ${onOff(c.sign_up_enabled)}`);
  printLine(`  password sign-in:     ${onOff(c.credential_enabled)}`);
  printLine(`  magic link sign-in:   ${onOff(c.magic_link_enabled)}`);
  printLine(`  passkey sign-in:      ${onOff(c.passkey_enabled)}`);
  printLine(`  allow localhost:      ${onOff(c.allow_localhost)}`);
  printLine(`  client team creation: ${onOff(c.client_team_creation_enabled)}`);
  printLine(`  team on sign-up:      ${onOff(c.create_team_on_sign_up)}`);
  printLine(`  refresh rotation:     ${onOff(c.refresh_token_rotation_enabled)}`);
  printLine(`  password check:       ${onOff(c.password_strength_check_enabled)}`);
  printLine(`  invitation match:     ${onOff(c.team_invitation_requires_matching_email)}`);
  printLine(`  default language:     ${c.default_locale}`);
  printLine(
    `  email:                ${c.email_config.type === 'shared' ? 'shared (instance SMTP)' : `${c.email_config.host}:${c.email_config.port}`}`,
  );
  printLine(`  trusted domains:      ${c.domains.map((d) => `${d.domain} (${d.handler_path})`).join(', ') || 'none'}`);
  printLine(
    `  OAuth providers:      ${c.oauth_providers.map((p) => `${p.id} (${p.type}${p.enabled ? '' : ', off'})`).join(', ') || 'none'}`,
  );
  for (const problem of view.production_mode_errors) printLine(`  not production-ready: ${problem.message}`);
}
