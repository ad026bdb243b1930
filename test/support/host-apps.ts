// The example React host app (examples/react-host) for browser tests, on a free port and pointed
// at an instance's demo project, and the demo config the team-switcher screens need.
import { expect } from 'bun:test';
import { startHostApp } from '../../examples/react-host/host-app';
import { as, call } from './api-expectations';
import type { TestInstance } from './instance';

/** The host app serving the demo project with the React components, or the Preact ones. */
export function startDemoHostApp(t: TestInstance, runtime?: 'preact'): ReturnType<typeof startHostApp> {
  return startHostApp({
    authdUrl: t.url,
    projectId: t.demo!.projectId,
    publishableClientKey: t.demo!.keys.publishable_client_key!,
    port: 0,
    ...(runtime && { runtime }),
  });
}

/** Lets signed-in users of the demo project create teams (the team switcher's "create" row). */
export async function allowClientTeamCreation(t: TestInstance): Promise<void> {
  const enabled = await call(t, 'PATCH', '/projects/current', {
    headers: as(t.demo!, 'admin'),
    body: { config: { client_team_creation_enabled: true } },
  });
  expect(enabled.status).toBe(200);
}
