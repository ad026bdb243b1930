// Shared by the admin tests: internal-project admins signed up over HTTP, the headers of an
// owned-project admin app, owned projects created through /internal/projects, and
// reads of who owns what.
import { expect } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { TestInstance } from './instance';
import { as, call, expectOk, signUp, type SignedIn } from './user-views';
export * from './user-views';

/** An internal-project user signed up through the client API, as the dashboard does. */
export function signUpAdmin(t: TestInstance, email?: string): Promise<SignedIn> {
  return signUp(t, t.internal, email);
}

/** What the SDK's owned-project admin app sends: no keys, only the owner's internal token. */
export function ownerHeaders(projectId: string, adminAccessToken: string, accessType = 'admin'): Record<string, string> {
  return {
    'x-stack-project-id': projectId,
    'x-stack-access-type': accessType,
    'x-stack-admin-access-token': adminAccessToken,
    'x-stack-secret-server-key': '',
    'x-stack-super-secret-admin-key': '',
  };
}

/** POST /internal/projects as the signed-in admin; returns the admin view. */
export async function createOwnedProject(t: TestInstance, admin: SignedIn, body: Record<string, unknown>): Promise<any> {
  const res = await call(t, 'POST', '/internal/projects', { headers: as(t.internal, 'client', admin.access_token), body });
  return expectOk(res, 201);
}

export async function listOwnedProjects(t: TestInstance, admin: SignedIn): Promise<any[]> {
  const res = await call(t, 'GET', '/internal/projects', { headers: as(t.internal, 'client', admin.access_token) });
  const body = expectOk(res);
  expect(body.is_paginated).toBe(false);
  return body.items;
}

/** The internal user's managedProjectIds, read with the internal project's server key. */
export async function managedProjectIdsOf(t: TestInstance, userId: string): Promise<unknown> {
  const res = await call(t, 'GET', `/users/${userId}`, { headers: as(t.internal, 'server') });
  return expectOk(res).server_metadata?.managedProjectIds;
}

/** Replaces an internal user's server metadata, as an admin of the internal project may. */
export async function setServerMetadata(t: TestInstance, userId: string, serverMetadata: unknown): Promise<void> {
  const res = await call(t, 'PATCH', `/users/${userId}`, {
    headers: as(t.internal, 'server'),
    body: { server_metadata: serverMetadata },
  });
  expectOk(res);
}

/** GET /projects/current with an admin access token. */
export function readProjectAsOwner(t: TestInstance, projectId: string, adminAccessToken: string) {
  return call(t, 'GET', '/projects/current', { headers: ownerHeaders(projectId, adminAccessToken) });
}

export type { BootstrappedProject, SignedIn };
