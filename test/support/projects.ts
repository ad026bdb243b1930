// Project checks for the HTTP API tests: the key formats, the admin view, and "the server still
// serves" after bad input; the wire expectations are re-exported.
import { expect } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { TestInstance } from './instance';
export * from './api-expectations';
import { as, call } from './api-expectations';

/** Lower-case Crockford base32, 45 characters, after the kind's prefix. */
export const keyPatterns = {
  publishable_client_key: /^pck_[0-9a-hjkmnp-tv-z]{45}$/,
  secret_server_key: /^ssk_[0-9a-hjkmnp-tv-z]{45}$/,
  super_secret_admin_key: /^sak_[0-9a-hjkmnp-tv-z]{45}$/,
} as const;

/** Stack's defaults in the admin view of a new project's config. */
export const stackDefaultConfig = {
  allow_localhost: true,
  sign_up_enabled: true,
  credential_enabled: true,
  magic_link_enabled: false,
  passkey_enabled: false,
  create_team_on_sign_up: false,
  client_team_creation_enabled: false,
  client_user_deletion_enabled: false,
  email_config: { type: 'shared' },
  domains: [],
  oauth_providers: [],
  enabled_oauth_providers: [],
  team_creator_default_permissions: [{ id: 'admin' }],
  team_member_default_permissions: [{ id: 'member' }],
};

export async function adminView(t: TestInstance, project: BootstrappedProject): Promise<any> {
  const res = await call(t, 'GET', '/projects/current', { headers: as(project, 'admin') });
  expect(res.status).toBe(200);
  return res.json;
}

/** After bad input: /health answers and a valid authenticated call still works. */
export async function expectStillServing(t: TestInstance, project: BootstrappedProject): Promise<void> {
  const health = await call(t, 'GET', '/health');
  expect(health.status).toBe(200);
  const current = await call(t, 'GET', '/projects/current', { headers: as(project, 'client') });
  expect(current.status).toBe(200);
  expect(current.json.id).toBe(project.projectId);
}
