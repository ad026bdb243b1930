// An import killed half way (SIGKILL, in a child process) and started again finishes with every
// user of the file exactly once: each batch commits whole, and the second run skips the users
// the first one wrote.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { makeProject } from '../support/api-expectations';
import { cliJson } from '../support/cli';
import { repoRoot, startTestInstance, testDialect, type TestInstance } from '../support/instance';
import { pollUntil } from '../support/poll-until';

let t: TestInstance, project: BootstrappedProject;
// Enough that the kill lands half way; PostgreSQL's writes are slower here, so fewer do.
const total = testDialect === 'postgres' ? 10_000 : 30_000;
const batchSize = 200;

beforeAll(async () => {
  t = await startTestInstance();
  project = await makeProject(t, 'resume');
});
afterAll(async () => await t?.stop());

const countUsers = async () => Number((await t.rows('select count(*) as n from users where project_id = ?', project.projectId))[0]!.n);

test('killed half way, a second run imports the rest and every user exactly once', async () => {
  const file = join(t.dataDir, 'bulk.jsonl');
  const hash = '$2b$10$7lDIe8geJtyiIetfnoooC.NmI51n7ab9n1jMH7n2uiqO0OsJJUbke';
  const lines = Array.from({ length: total }, (_, i) =>
    JSON.stringify({ external_id: `bulk-${i}`, primary_email: `bulk-${i}@example.com`, primary_email_verified: true, signed_up_at_millis: 1_600_000_000_000 + i, password_hash: hash }),
  );
  await Bun.write(file, `${lines.join('\n')}\n`);
  const args = ['users', 'import', file, '--format', 'jsonl', '--project', project.projectId, '--batch-size', String(batchSize), ...t.databaseArgs];
  const child = Bun.spawn([process.execPath, join(repoRoot, 'cmd', 'main.ts'), ...args], {
    cwd: repoRoot,
    // Explicitly: Bun.spawn takes the environment from before this process changed it, and the
    // PostgreSQL pass sets the instance key the child needs (test/support/instance.ts).
    env: { ...process.env },
    stdout: 'ignore',
    stderr: 'ignore',
  });
  await pollUntil(countUsers, (n) => n > 0, 60_000);
  child.kill('SIGKILL');
  await child.exited;
  const afterKill = await countUsers();
  expect(afterKill).toBeGreaterThan(0);
  expect(afterKill).toBeLessThan(total);
  // Whole batches only.
  expect(afterKill % batchSize).toBe(0);

  const report = await cliJson(args);
  expect(report.skipped).toBe(afterKill);
  expect(report.imported).toBe(total - afterKill);
  expect(await countUsers()).toBe(total);
  const distinct = await t.rows('select count(distinct external_id) as n from users where project_id = ?', project.projectId);
  expect(Number(distinct[0]!.n)).toBe(total);
}, 180_000);
