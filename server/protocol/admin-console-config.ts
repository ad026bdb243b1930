// What authd writes into the admin console's page and the console reads back, plus the console
// paths the API links to: shared by server and console, so it lives with the wire contract.

/** Where the console is served. */
export const consoleBasePath = '/admin';

/**
 * The console pages of a project, as `/admin/projects/{id}/{page}`. The API's `relative_fix_url`
 * values (`/projects/{id}/domains`) are these paths without the prefix; the server sends them on.
 */
export const consolePagesOfProject: readonly string[] = ['overview', 'users', 'teams', 'permissions', 'sign-in-methods', 'api-keys', 'oidc-clients', 'domains', 'emails', 'webhooks', 'audit-log', 'settings'];

/** Settings the console reads from its page (public: the internal project's hosted sign-in shows the same). */
export interface ConsoleConfig {
  internalProjectId: string;
  publishableClientKey: string;
  /** The internal project's hosted sign-in screen. */
  signInPath: string;
}

/**
 * Where an internal user's client-read-only metadata says they may use the console. `authd admins
 * add` sets it; users can read but never change their client-read-only metadata.
 */
export const consoleAdminMetadataKey = 'authd_admin';
