// `authd create-project` and `authd projects list|get|update|delete`.
import { Command } from 'commander';
import { createApiKeySet, nonExpiringKeyMillis } from '../../server/core/api-keys';
import {
  deleteProject,
  insertProject,
  listProjectAdminViews,
  readProjectAdminView,
  updateProject,
} from '../../server/core/projects';
import { writeTransaction } from '../../server/core/transactions';
import {
  projectCreateSchema,
  projectUpdateSchema,
  type ProjectAdminView,
  type ProjectUpdate,
} from '../../server/protocol/project-schemas';
import {
  CliError,
  parseOnOff,
  parseWithSchema,
  printJson,
  withCommonOptions,
  withContext,
  parseJsonFlag,
  type CommonOptions,
} from '../cli-support';

export function createProjectCommand(): Command {
  return withCommonOptions(new Command('create-project'))
    .description('create a project and its first key set; the keys are printed once')
    .requiredOption('--name <name>', 'display name')
    .option('--description <text>', 'description')
    .action((options: CommonOptions & { name: string; description?: string }) =>
      withContext(options, (ctx) => {
        const input = parseWithSchema(projectCreateSchema, { display_name: options.name, description: options.description });
        const projectId = crypto.randomUUID();
        const keys = writeTransaction(ctx, (tx) => {
          insertProject(ctx, tx, projectId, input);
          return createApiKeySet(
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
        console.log(`Created project "${input.display_name}" with id ${projectId}.`);
        console.log(`  publishable client key: ${keys.publishable_client_key}`);
        console.log(`  secret server key:      ${keys.secret_server_key}`);
        console.log(`  super secret admin key: ${keys.super_secret_admin_key}`);
        console.log('These keys are shown only now; authd keeps only their hashes.');
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
  allowLocalhost?: boolean;
  clientTeamCreation?: boolean;
  createTeamOnSignUp?: boolean;
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
        withContext(options, (ctx) => {
          const views = listProjectAdminViews(ctx);
          if (options.json) return printJson({ items: views });
          for (const p of views)
            console.log(`${p.id}  ${p.display_name}  (${p.user_count} users${p.is_production_mode ? ', production' : ''})`);
        }),
      ),
  );

  projects.addCommand(
    withCommonOptions(new Command('get'))
      .description("show a project's settings (the admin view)")
      .argument('<project-id>')
      .action((projectId: string, options: CommonOptions) =>
        withContext(options, (ctx) => printProject(readProjectAdminView(ctx, projectId), options)),
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
      .option('--allow-localhost <on|off>', 'trust localhost redirect targets', parseOnOff('--allow-localhost'))
      .option('--client-team-creation <on|off>', 'let signed-in users create teams', parseOnOff('--client-team-creation'))
      .option('--create-team-on-sign-up <on|off>', 'give every new user a personal team', parseOnOff('--create-team-on-sign-up'))
      .option('--add-domain <url[,handler-path]>', 'trust a domain (repeatable; handler path defaults to /handler)', collect)
      .option('--remove-domain <url>', 'stop trusting a domain (repeatable)', collect)
      .option('--config-json <json>', 'any other config fields as wire JSON, e.g. {"email_config":{"type":"shared"}}')
      .action((projectId: string, options: UpdateOptions) =>
        withContext(options, (ctx) => {
          const current = readProjectAdminView(ctx, projectId);
          const update = parseWithSchema(projectUpdateSchema, buildProjectUpdate(current, options));
          printProject(updateProject(ctx, projectId, update), options);
        }),
      ),
  );

  projects.addCommand(
    withCommonOptions(new Command('delete'))
      .description('delete a project and everything in it')
      .argument('<project-id>')
      .action((projectId: string, options: CommonOptions) =>
        withContext(options, (ctx) => {
          deleteProject(ctx, projectId);
          if (options.json) return printJson({ success: true });
          console.log(`Deleted project ${projectId}.`);
        }),
      ),
  );
  return projects;
}

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
    allow_localhost: options.allowLocalhost,
    client_team_creation_enabled: options.clientTeamCreation,
    create_team_on_sign_up: options.createTeamOnSignUp,
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
  console.log(`${view.display_name} (${view.id})`);
  if (view.description) console.log(`  description:          ${view.description}`);
  console.log(`  created:              ${new Date(view.created_at_millis).toISOString()}`);
  console.log(`  users:                ${view.user_count}`);
  console.log(`  production mode:      ${onOff(view.is_production_mode)}`);
  console.log(`  sign-up:              ${onOff(c.sign_up_enabled)}`);
  console.log(`  password sign-in:     ${onOff(c.credential_enabled)}`);
  console.log(`  magic link sign-in:   ${onOff(c.magic_link_enabled)}`);
  console.log(`  allow localhost:      ${onOff(c.allow_localhost)}`);
  console.log(`  client team creation: ${onOff(c.client_team_creation_enabled)}`);
  console.log(`  team on sign-up:      ${onOff(c.create_team_on_sign_up)}`);
  console.log(
    `  email:                ${c.email_config.type === 'shared' ? 'shared (instance SMTP)' : `${c.email_config.host}:${c.email_config.port}`}`,
  );
  console.log(`  trusted domains:      ${c.domains.map((d) => `${d.domain} (${d.handler_path})`).join(', ') || 'none'}`);
  console.log(
    `  OAuth providers:      ${c.oauth_providers.map((p) => `${p.id} (${p.type}${p.enabled ? '' : ', off'})`).join(', ') || 'none'}`,
  );
  for (const problem of view.production_mode_errors) console.log(`  not production-ready: ${problem.message}`);
}
