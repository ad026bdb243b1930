// The tables core queries name, bound to the dialect of the database this process serves. A
// process serves one database: SQLite's tables (db/schema.ts) until a PostgreSQL Context is
// opened, which binds PostgreSQL's (db/pg/schema.ts) in their place. The two schemas declare the
// same tables and columns under the same names, and drizzle builds the same query from either, so
// core writes each query once. These are `let` bindings, live in every importing module, and
// typed as the SQLite tables: drizzle's builders take the same calls on both, and the query
// suites run against each dialect to catch what the types cannot.
//
// Code that must hold both at once (`authd copy`) imports the two schema modules itself. The
// PostgreSQL schema is handed in by whoever opens a PostgreSQL database, which imports it then,
// so that serving SQLite never loads it.
import type * as pg from '../../../db/pg/schema';
import * as sqlite from '../../../db/schema';

export type TableDialect = 'sqlite' | 'postgres';

let boundDialect: TableDialect = 'sqlite';
/** Contexts open on the bound dialect; rebinding while one is open would strand it. */
let openContexts = 0;

export let projects = sqlite.projects;
export let projectEmailConfigs = sqlite.projectEmailConfigs;
export let projectDomains = sqlite.projectDomains;
export let projectOAuthProviders = sqlite.projectOAuthProviders;
export let apiKeySets = sqlite.apiKeySets;
export let permissionDefinitions = sqlite.permissionDefinitions;
export let permissionContainments = sqlite.permissionContainments;
export let projectDefaultPermissions = sqlite.projectDefaultPermissions;
export let users = sqlite.users;
export let projectUserCounts = sqlite.projectUserCounts;
export let dailyActiveUserCounts = sqlite.dailyActiveUserCounts;
export let dailySignUpCounts = sqlite.dailySignUpCounts;
export let contactChannels = sqlite.contactChannels;
export let refreshTokens = sqlite.refreshTokens;
export let revokedSessions = sqlite.revokedSessions;
export let teams = sqlite.teams;
export let teamMembers = sqlite.teamMembers;
export let teamMemberPermissions = sqlite.teamMemberPermissions;
export let projectSigningKeys = sqlite.projectSigningKeys;
export let verificationCodes = sqlite.verificationCodes;
export let emailTemplates = sqlite.emailTemplates;
export let emailMessages = sqlite.emailMessages;
export let oauthAccounts = sqlite.oauthAccounts;
export let oauthTokens = sqlite.oauthTokens;
export let webhookEndpoints = sqlite.webhookEndpoints;
export let webhookEvents = sqlite.webhookEvents;
export let webhookDeliveries = sqlite.webhookDeliveries;
export let webhookDeliveryAttempts = sqlite.webhookDeliveryAttempts;
export let passkeys = sqlite.passkeys;
export let mfaRecoveryCodes = sqlite.mfaRecoveryCodes;
export let auditEvents = sqlite.auditEvents;
export let oidcClients = sqlite.oidcClients;
export let oidcGrants = sqlite.oidcGrants;
export let oidcConsents = sqlite.oidcConsents;

/**
 * Binds the tables to `dialect` while the Context being opened lives; call the function returned
 * when it closes. A Context of the other dialect is refused while one is open: its queries
 * would name the wrong dialect's tables. (Prepared statements are kept per connection, so a
 * later Context of another dialect builds its own.) PostgreSQL's tables come as `postgresSchema`.
 */
export function bindTables(dialect: 'sqlite'): () => void;
export function bindTables(dialect: 'postgres', postgresSchema: typeof pg): () => void;
export function bindTables(dialect: TableDialect, postgresSchema?: typeof pg): () => void {
  if (dialect !== boundDialect && openContexts > 0) {
    throw new Error(`this process serves a ${boundDialect} database already; one process serves one kind of database at a time`);
  }
  openContexts++;
  let released = false;
  const release = () => {
    if (!released) openContexts--;
    released = true;
  };
  if (dialect === boundDialect) return release;
  const chosen = (dialect === 'postgres' ? postgresSchema! : sqlite) as unknown as typeof sqlite;
  projects = chosen.projects;
  projectEmailConfigs = chosen.projectEmailConfigs;
  projectDomains = chosen.projectDomains;
  projectOAuthProviders = chosen.projectOAuthProviders;
  apiKeySets = chosen.apiKeySets;
  permissionDefinitions = chosen.permissionDefinitions;
  permissionContainments = chosen.permissionContainments;
  projectDefaultPermissions = chosen.projectDefaultPermissions;
  users = chosen.users;
  projectUserCounts = chosen.projectUserCounts;
  dailyActiveUserCounts = chosen.dailyActiveUserCounts;
  dailySignUpCounts = chosen.dailySignUpCounts;
  contactChannels = chosen.contactChannels;
  refreshTokens = chosen.refreshTokens;
  revokedSessions = chosen.revokedSessions;
  teams = chosen.teams;
  teamMembers = chosen.teamMembers;
  teamMemberPermissions = chosen.teamMemberPermissions;
  projectSigningKeys = chosen.projectSigningKeys;
  verificationCodes = chosen.verificationCodes;
  emailTemplates = chosen.emailTemplates;
  emailMessages = chosen.emailMessages;
  oauthAccounts = chosen.oauthAccounts;
  oauthTokens = chosen.oauthTokens;
  webhookEndpoints = chosen.webhookEndpoints;
  webhookEvents = chosen.webhookEvents;
  webhookDeliveries = chosen.webhookDeliveries;
  webhookDeliveryAttempts = chosen.webhookDeliveryAttempts;
  passkeys = chosen.passkeys;
  mfaRecoveryCodes = chosen.mfaRecoveryCodes;
  auditEvents = chosen.auditEvents;
  oidcClients = chosen.oidcClients;
  oidcGrants = chosen.oidcGrants;
  oidcConsents = chosen.oidcConsents;
  boundDialect = dialect;
  return release;
}

export function boundTableDialect(): TableDialect {
  return boundDialect;
}
