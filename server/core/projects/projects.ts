// Projects: creation with their defaults, the client and admin views, updates with every rule
// of project config, and deletion. Every write runs in one transaction, so a refused update changes
// nothing.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection';
import {
  projectDefaultPermissions,
  projectDomains,
  projectEmailConfigs,
  projectOAuthProviders,
  projects,
  projectUserCounts,
} from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import { oauthProviderIds, sharedOAuthProviderIds, type OAuthProviderId } from '../../protocol/oauth-provider-ids';
import {
  type EmailConfig,
  type OAuthProviderConfig,
  type ProjectAdminView,
  type ProjectClientView,
  type ProjectCreate,
  type ProjectUpdate,
} from '../../protocol/project-schemas';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import {
  defaultPermissionDefinitions,
  findUndefinedPermissionIds,
  seedDefaultPermissionDefinitions,
} from './permission-definitions';
import { WriteInvalidatedCache } from '../storage/write-invalidated-cache';
import { writeTransaction, type DbWriter } from '../storage/transactions';
import { prepared } from '../storage/prepared-queries';
import { findProductionModeProblems } from './production-mode';
import { removeProjectFromEveryOwner } from './project-owners';
import { openOptionalSecret, sealOptionalSecret } from '../storage/read-back-secrets';
import { recordAuditEvent } from '../audit/audit-log';
import { firstRow } from '../storage/query-results';

export const internalProjectId = 'internal';

type ProjectRow = typeof projects.$inferSelect;

const selectProjectById = (db: Db) =>
  db
    .select()
    .from(projects)
    .where(eq(projects.id, sql.placeholder('id')))
    .prepare();
const selectEnabledProviderIds = (db: Db) =>
  db
    .select({ id: projectOAuthProviders.providerId })
    .from(projectOAuthProviders)
    .where(and(eq(projectOAuthProviders.projectId, sql.placeholder('projectId')), eq(projectOAuthProviders.enabled, true)))
    .orderBy(asc(projectOAuthProviders.providerId))
    .prepare();

export async function findProjectRow(ctx: Context, projectId: string): Promise<ProjectRow | undefined> {
  return await prepared(ctx, selectProjectById).get({ id: projectId });
}

// Asked by every refresh grant and every access-token check.
const projectExistence = new WriteInvalidatedCache<boolean>(10_000);

export async function projectExists(ctx: Context, projectId: string): Promise<boolean> {
  return await projectExistence.get(ctx, projectId, async () => await findProjectRow(ctx, projectId) !== undefined);
}

/**
 * The project, through the prepared lookup. Inside a write transaction too: the statement runs
 * on the transaction's own connection, so it sees the transaction's writes.
 */
export async function requireProject(ctx: Context, projectId: string): Promise<ProjectRow> {
  const row = await findProjectRow(ctx, projectId);
  if (!row) throw knownError('PROJECT_NOT_FOUND', projectId);
  return row;
}

export async function requireProjectRow(db: DbWriter, projectId: string): Promise<ProjectRow> {
  const row = firstRow(await db.select().from(projects).where(eq(projects.id, projectId)).limit(1));
  if (!row) throw knownError('PROJECT_NOT_FOUND', projectId);
  return row;
}

/** Creates a project with Stack's defaults for a new project and returns its id. */
export async function createProject(ctx: Context, input: ProjectCreate, options: { id?: string } = {}): Promise<string> {
  const id = options.id ?? crypto.randomUUID();
  await writeTransaction(ctx, async (tx) => {
    await insertProject(ctx, tx, id, input);
  });
  return id;
}

/** Inserts a project inside an open transaction, for callers that create more alongside it. */
export async function insertProject(ctx: Context, tx: DbWriter, id: string, input: ProjectCreate): Promise<void> {
  const now = ctx.clock.now();
  await tx.insert(projects).values({ id, displayName: input.display_name, createdAt: now, configId: crypto.randomUUID() });
  await tx.insert(projectEmailConfigs).values({ projectId: id, type: 'shared' });
  await seedDefaultPermissionDefinitions(tx, id, now);
  for (const definition of defaultPermissionDefinitions) {
    await tx
      .insert(projectDefaultPermissions)
      .values({ projectId: id, kind: definition.defaultFor, permissionId: definition.id });
  }
  await applyProjectUpdate(ctx, tx, id, input);
}

export async function updateProject(ctx: Context, projectId: string, update: ProjectUpdate): Promise<ProjectAdminView> {
  await writeTransaction(ctx, async (tx) => {
    await requireProjectRow(tx, projectId);
    await applyProjectUpdate(ctx, tx, projectId, update);
    // The names of what changed, never values: email_config and providers carry secrets.
    const fields = [...Object.keys(update).filter((key) => key !== 'config'), ...Object.keys(update.config ?? {}).map((key) => `config.${key}`)];
    await recordAuditEvent(ctx, { projectId, type: 'project.updated', details: { fields } });
  });
  return await readProjectAdminView(ctx, projectId);
}

export async function deleteProject(ctx: Context, projectId: string): Promise<void> {
  if (projectId === internalProjectId) {
    throw plainTextError('INTERNAL_PROJECT_NOT_DELETABLE');
  }
  await writeTransaction(ctx, async (tx) => {
    await requireProjectRow(tx, projectId);
    await tx.delete(projects).where(eq(projects.id, projectId));
    await removeProjectFromEveryOwner(tx, projectId);
  });
}

export async function listProjectAdminViews(ctx: Context): Promise<ProjectAdminView[]> {
  const rows = await ctx.db.select().from(projects).orderBy(desc(projects.createdAt), asc(projects.id));
  const views: ProjectAdminView[] = [];
  for (const row of rows) views.push(await projectAdminView(ctx, row));
  return views;
}

/** The client view reads only what it shows: it is on every page load of every app. */
export async function readProjectClientView(ctx: Context, projectId: string): Promise<ProjectClientView> {
  const row = await requireProject(ctx, projectId);
  return {
    id: row.id,
    display_name: row.displayName,
    config: { ...clientConfigFlags(row), enabled_oauth_providers: await prepared(ctx, selectEnabledProviderIds).all({ projectId }) },
  };
}

export async function readProjectAdminView(ctx: Context, projectId: string): Promise<ProjectAdminView> {
  return await projectAdminView(ctx, await requireProjectRow(ctx.db, projectId));
}

/** The admin view of a project row already read. */
export async function projectAdminView(ctx: Context, row: ProjectRow): Promise<ProjectAdminView> {
  const projectId = row.id;
  const domains = (
    await ctx.db
      .select()
      .from(projectDomains)
      .where(eq(projectDomains.projectId, projectId))
      .orderBy(asc(projectDomains.position))
  ).map((d) => ({ domain: d.domain, handler_path: d.handlerPath }));
  const providers = (
    await ctx.db
      .select()
      .from(projectOAuthProviders)
      .where(eq(projectOAuthProviders.projectId, projectId))
      .orderBy(asc(projectOAuthProviders.providerId))
  ).map((provider) => oauthProviderView(ctx, provider));
  const email = firstRow(
    await ctx.db.select().from(projectEmailConfigs).where(eq(projectEmailConfigs.projectId, projectId)).limit(1),
  );
  const defaults = await ctx.db
    .select()
    .from(projectDefaultPermissions)
    .where(eq(projectDefaultPermissions.projectId, projectId))
    .orderBy(asc(projectDefaultPermissions.permissionId));
  // Kept by triggers (projectUserCounts): counting rows took about 50 ms at a million users.
  const userCount =
    firstRow(
      await ctx.db
        .select({ n: projectUserCounts.userCount })
        .from(projectUserCounts)
        .where(eq(projectUserCounts.projectId, projectId))
        .limit(1),
    )?.n ?? 0;

  return {
    id: row.id,
    display_name: row.displayName,
    description: row.description,
    created_at_millis: row.createdAt,
    user_count: userCount,
    is_production_mode: row.isProductionMode,
    production_mode_errors: findProductionModeProblems({ id: row.id, allowLocalhost: row.allowLocalhost, domains }),
    config: {
      id: row.configId,
      allow_localhost: row.allowLocalhost,
      ...clientConfigFlags(row),
      create_team_on_sign_up: row.createTeamOnSignUp,
      refresh_token_rotation_enabled: row.refreshTokenRotation,
      password_strength_check_enabled: row.passwordStrengthCheck,
      team_invitation_requires_matching_email: row.teamInvitationRequiresMatchingEmail,
      audit_log_retention_days: row.auditLogRetentionDays,
      default_locale: row.defaultLocale,
      oauth_providers: providers,
      enabled_oauth_providers: providers.filter((p) => p.enabled).map((p) => ({ id: p.id })),
      domains,
      email_config: emailConfigView(ctx, email),
      team_creator_default_permissions: defaults.filter((d) => d.kind === 'team_creator').map((d) => ({ id: d.permissionId })),
      team_member_default_permissions: defaults.filter((d) => d.kind === 'team_member').map((d) => ({ id: d.permissionId })),
    },
  };
}

/** The config switches both views show. */
function clientConfigFlags(row: ProjectRow) {
  return {
    sign_up_enabled: row.signUpEnabled,
    credential_enabled: row.credentialEnabled,
    magic_link_enabled: row.magicLinkEnabled,
    passkey_enabled: row.passkeyEnabled,
    client_team_creation_enabled: row.clientTeamCreationEnabled,
    client_user_deletion_enabled: row.clientUserDeletionEnabled,
  };
}

// The admin view shows these secrets in the clear, as Stack's does: admins set them and may read them back.
function oauthProviderView(ctx: Context, row: typeof projectOAuthProviders.$inferSelect): OAuthProviderConfig {
  if (row.type === 'shared') return { id: row.providerId, enabled: row.enabled, type: 'shared' };
  const view: OAuthProviderConfig = {
    id: row.providerId,
    enabled: row.enabled,
    type: 'standard',
    client_id: row.clientId ?? '',
    client_secret: openOptionalSecret(ctx, row.clientSecret) ?? '',
  };
  if (row.facebookConfigId !== null) view.facebook_config_id = row.facebookConfigId;
  if (row.microsoftTenantId !== null) view.microsoft_tenant_id = row.microsoftTenantId;
  return view;
}

function emailConfigView(ctx: Context, row: typeof projectEmailConfigs.$inferSelect | undefined): EmailConfig {
  if (!row || row.type === 'shared') return { type: 'shared' };
  return {
    type: 'standard',
    host: row.host ?? '',
    port: row.port ?? 0,
    username: row.username ?? '',
    password: openOptionalSecret(ctx, row.password) ?? '',
    sender_name: row.senderName ?? '',
    sender_email: row.senderEmail ?? '',
  };
}

/**
 * Applies a validated update inside the caller's transaction. Rules that need the stored state
 * (existing providers, defined permissions, production mode) are checked here; a thrown error
 * rolls the whole transaction back.
 */
async function applyProjectUpdate(ctx: Context, tx: DbWriter, projectId: string, update: ProjectUpdate): Promise<void> {
  const wasProductionMode = (await requireProjectRow(tx, projectId)).isProductionMode;
  const projectChanges: Partial<typeof projects.$inferInsert> = {};
  if (update.display_name !== undefined) projectChanges.displayName = update.display_name;
  if (update.description !== undefined) projectChanges.description = update.description ?? '';
  if (update.is_production_mode !== undefined) projectChanges.isProductionMode = update.is_production_mode;

  const config = update.config ?? {};
  const flagColumns = {
    sign_up_enabled: 'signUpEnabled',
    credential_enabled: 'credentialEnabled',
    magic_link_enabled: 'magicLinkEnabled',
    passkey_enabled: 'passkeyEnabled',
    client_team_creation_enabled: 'clientTeamCreationEnabled',
    client_user_deletion_enabled: 'clientUserDeletionEnabled',
    allow_localhost: 'allowLocalhost',
    create_team_on_sign_up: 'createTeamOnSignUp',
    refresh_token_rotation_enabled: 'refreshTokenRotation',
    password_strength_check_enabled: 'passwordStrengthCheck',
    team_invitation_requires_matching_email: 'teamInvitationRequiresMatchingEmail',
  } as const;
  for (const [field, column] of Object.entries(flagColumns) as [
    keyof typeof flagColumns,
    (typeof flagColumns)[keyof typeof flagColumns],
  ][]) {
    const value = config[field];
    if (value !== undefined) projectChanges[column] = value;
  }
  if (config.audit_log_retention_days !== undefined) projectChanges.auditLogRetentionDays = config.audit_log_retention_days;
  if (config.default_locale !== undefined) projectChanges.defaultLocale = config.default_locale;
  if (Object.keys(projectChanges).length > 0) {
    await tx.update(projects).set(projectChanges).where(eq(projects.id, projectId));
  }

  if (config.domains !== undefined) await replaceDomains(tx, projectId, config.domains);
  if (config.oauth_providers !== undefined) await replaceOAuthProviders(ctx, tx, projectId, config.oauth_providers);
  if (config.email_config !== undefined) await replaceEmailConfig(ctx, tx, projectId, config.email_config);
  if (config.team_creator_default_permissions !== undefined) {
    await replaceDefaultPermissions(tx, projectId, 'team_creator', config.team_creator_default_permissions);
  }
  if (config.team_member_default_permissions !== undefined) {
    await replaceDefaultPermissions(tx, projectId, 'team_member', config.team_member_default_permissions);
  }

  await refuseProductionModeProblems(tx, projectId, wasProductionMode);
}

async function replaceDomains(tx: DbWriter, projectId: string, domains: { domain: string; handler_path: string }[]): Promise<void> {
  const seen = new Set<string>();
  for (const { domain } of domains) {
    if (seen.has(domain)) throw plainTextError('DUPLICATED_DOMAIN');
    seen.add(domain);
  }
  await tx.delete(projectDomains).where(eq(projectDomains.projectId, projectId));
  for (const [position, d] of domains.entries()) {
    await tx.insert(projectDomains).values({ projectId, position, domain: d.domain, handlerPath: d.handler_path });
  }
}

async function replaceOAuthProviders(ctx: Context, tx: DbWriter, projectId: string, providers: OAuthProviderConfig[]): Promise<void> {
  const seen = new Set<string>();
  for (const provider of providers) {
    if (seen.has(provider.id)) throw knownError('SCHEMA_ERROR', `OAuth provider ${provider.id} is listed twice.`);
    seen.add(provider.id);
    const known = (oauthProviderIds as readonly string[]).includes(provider.id);
    if (provider.type === 'shared' && !(known && sharedOAuthProviderIds.includes(provider.id as OAuthProviderId))) {
      throw knownError('INVALID_SHARED_OAUTH_PROVIDER_ID', provider.id);
    }
    if (provider.type === 'standard' && !known) throw knownError('INVALID_STANDARD_OAUTH_PROVIDER_ID', provider.id);
    if (provider.type === 'standard' && provider.enabled && !(provider.client_id?.trim() && provider.client_secret?.trim())) {
      throw knownError(
        'SCHEMA_ERROR',
        `OAuth provider ${provider.id} uses its own (standard) credentials, so client_id and client_secret are required.`,
      );
    }
  }
  // The update is a full list: dropping a provider silently would lose its credentials.
  const existing = await tx
    .select({ id: projectOAuthProviders.providerId })
    .from(projectOAuthProviders)
    .where(eq(projectOAuthProviders.projectId, projectId));
  for (const { id } of existing) {
    if (!seen.has(id)) throw plainTextError('OAUTH_PROVIDER_MISSING_FROM_UPDATE', id);
  }
  await tx.delete(projectOAuthProviders).where(eq(projectOAuthProviders.projectId, projectId));
  for (const p of providers) {
    const standard = p.type === 'standard';
    await tx.insert(projectOAuthProviders).values({
      projectId,
      providerId: p.id,
      enabled: p.enabled,
      type: p.type,
      clientId: standard ? (p.client_id ?? null) : null,
      clientSecret: standard ? sealOptionalSecret(ctx, p.client_secret) : null,
      facebookConfigId: standard ? (p.facebook_config_id ?? null) : null,
      microsoftTenantId: standard ? (p.microsoft_tenant_id ?? null) : null,
    });
  }
}

async function replaceEmailConfig(ctx: Context, tx: DbWriter, projectId: string, config: EmailConfig): Promise<void> {
  const values =
    config.type === 'shared'
      ? { type: 'shared' as const, host: null, port: null, username: null, password: null, senderName: null, senderEmail: null }
      : {
          type: 'standard' as const,
          host: config.host,
          port: config.port,
          username: config.username,
          password: sealOptionalSecret(ctx, config.password),
          senderName: config.sender_name,
          senderEmail: config.sender_email,
        };
  await tx.update(projectEmailConfigs).set(values).where(eq(projectEmailConfigs.projectId, projectId));
}

async function replaceDefaultPermissions(
  tx: DbWriter,
  projectId: string,
  kind: 'team_creator' | 'team_member',
  permissions: { id: string }[],
): Promise<void> {
  const ids = [...new Set(permissions.map((p) => p.id))];
  if ((await findUndefinedPermissionIds(tx, projectId, ids)).length > 0) {
    throw plainTextError('INVALID_TEAM_DEFAULT_PERMISSION_IDS');
  }
  await tx
    .delete(projectDefaultPermissions)
    .where(and(eq(projectDefaultPermissions.projectId, projectId), eq(projectDefaultPermissions.kind, kind)));
  for (const permissionId of ids) {
    await tx.insert(projectDefaultPermissions).values({ projectId, kind, permissionId });
  }
}

/**
 * One line naming every problem, worded for what the admin was doing: turning production mode on,
 * or changing a project already in it.
 */
async function refuseProductionModeProblems(tx: DbWriter, projectId: string, wasProductionMode: boolean): Promise<void> {
  const row = await requireProjectRow(tx, projectId);
  if (!row.isProductionMode) return;
  const domains = await tx
    .select({ domain: projectDomains.domain })
    .from(projectDomains)
    .where(eq(projectDomains.projectId, projectId));
  const problems = findProductionModeProblems({ id: projectId, allowLocalhost: row.allowLocalhost, domains });
  if (problems.length > 0) {
    const list = problems.map((p) => p.message.replace(/\.$/, '')).join('; ');
    throw knownError(
      'SCHEMA_ERROR',
      wasProductionMode
        ? `This change would break production mode: ${list}.`
        : `Production mode cannot be turned on until this is fixed: ${list}.`,
    );
  }
}
