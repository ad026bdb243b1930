// In-process cost of the refresh grant's core call and of signing alone: N calls in a row,
// CPU time per call (process.cpuUsage, user + system). No HTTP: this isolates core from routing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorage } from '../db/connection';
import { defaultSettings, silentLogger, systemClock, type Context } from '../server/core/storage/context';
import { routedDatabase } from '../server/core/storage/transactions';
import { createProject } from '../server/core/projects/projects';
import { createUser } from '../server/core/accounts/new-accounts';
import { createSession, refreshAccessToken } from '../server/core/auth/sessions';
import { signAccessToken } from '../server/core/auth/access-tokens';
import * as v from 'valibot';
import { projectCreateSchema } from '../server/protocol/project-schemas';
import { userCreateSchema } from '../server/protocol/user-schemas';

const calls = Number(process.env.PROFILE_CALLS ?? 20_000);
const dataDir = mkdtempSync(join(tmpdir(), 'authd-refresh-profile-'));
const storage = openStorage(dataDir);
const ctx: Context = {
  db: routedDatabase(storage), storage, secretKey: storage.secretKey, clock: systemClock,
  mode: 'development', log: silentLogger, settings: defaultSettings(),
};
const projectId = await createProject(ctx, v.parse(projectCreateSchema, { display_name: 'profile' }));
const user = await createUser(ctx, projectId, v.parse(userCreateSchema, { primary_email: 'p@example.com' }));
const session = await createSession(ctx, projectId, user.id);

async function timed(label: string, step: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 2_000; i++) await step();
  const start = process.cpuUsage();
  const wall = performance.now();
  for (let i = 0; i < calls; i++) await step();
  const used = process.cpuUsage(start);
  const wallMs = performance.now() - wall;
  console.log(`${label}: ${((used.user + used.system) / calls).toFixed(1)} µs CPU, ${((wallMs * 1000) / calls).toFixed(1)} µs wall per call`);
}

await timed('signAccessToken', () => signAccessToken(ctx, projectId, user.id, Date.now(), 'sid'));
await timed('refreshAccessToken (no rotation)', () => refreshAccessToken(ctx, projectId, session.refresh_token));
storage.close();
rmSync(dataDir, { recursive: true, force: true });
