// The crash test: sign-ups at full speed against a real `authd serve`
// process, SIGKILL at a random moment, restart, and then every sign-up that was answered 200
// must be in the database, which must pass `PRAGMA integrity_check`. Shared by
// test/api/crash.test.ts (3 kills) and scripts/crash.ts (20 kills, prints restart times).
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import { databaseFileName } from '../../db/connection';
import { startServeProcess, type ServeProcess } from './instance';

export interface CrashReport {
  kills: number;
  acknowledged: number;
  missing: string[];
  integrity: string[];
  /** Milliseconds from spawning `authd serve` to its "listening" event, per restart. */
  restartMillis: number[];
}

/** Concurrent sign-ups; each email is recorded once its 200 has arrived. */
function signUpAtFullSpeed(url: string, keys: { projectId: string; publishableKey: string }, acknowledged: string[], concurrency: number) {
  let stopped = false;
  let counter = 0;
  const worker = async () => {
    while (!stopped) {
      const email = `crash-${process.pid}-${Date.now()}-${counter++}@example.com`;
      try {
        const res = await fetch(`${url}/api/v1/auth/password/sign-up`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-stack-project-id': keys.projectId,
            'x-stack-access-type': 'client',
            'x-stack-publishable-client-key': keys.publishableKey,
          },
          body: JSON.stringify({ email, password: 'crash test passphrase' }),
        });
        await res.arrayBuffer();
        if (res.status === 200) acknowledged.push(email);
        else if (!stopped) throw new Error(`sign-up answered ${res.status}`);
      } catch (error) {
        if (!stopped) throw error;
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  return {
    /** From now on a failed request is the kill's doing, not a failure. */
    halt() {
      stopped = true;
    },
    async stop() {
      stopped = true;
      await Promise.allSettled(workers);
    },
    /** Rejects if a sign-up failed while the server was up. */
    failures: Promise.all(workers),
  };
}

export async function runCrashes(
  dataDir: string,
  options: { kills: number; concurrency?: number; maxExtraMillis?: number },
): Promise<CrashReport> {
  const env = { AUTHD_DISABLE_RATE_LIMITS: '1' };
  const acknowledged: string[] = [];
  const restartMillis: number[] = [];
  let server: ServeProcess = await startServeProcess(dataDir, [], undefined, undefined, env);
  const demo = server.events.find((e) => e.event === 'project_created' && e.project_id !== 'internal')!;
  const keys = { projectId: demo.project_id as string, publishableKey: demo.publishable_client_key as string };
  try {
    for (let kill = 0; kill < options.kills; kill++) {
      const load = signUpAtFullSpeed(server.url, keys, acknowledged, options.concurrency ?? 8);
      // The server is under load once a few sign-ups of this round are through (argon2id makes
      // each take a while on a busy machine); the kill comes at a random moment after that.
      const before = acknowledged.length;
      const underLoad = (async () => {
        while (acknowledged.length < before + 3) await Bun.sleep(10);
        await Bun.sleep(Math.random() * (options.maxExtraMillis ?? 1000));
      })();
      // A sign-up failing while the server is up fails the run.
      await Promise.race([underLoad, load.failures]);
      load.failures.catch(() => {});
      load.halt();
      server.process.kill('SIGKILL');
      await server.process.exited;
      await load.stop();
      const started = performance.now();
      server = await startServeProcess(dataDir, [], undefined, undefined, env);
      restartMillis.push(Math.round(performance.now() - started));
    }
  } finally {
    await server.stop('SIGTERM');
  }
  const db = new Database(join(dataDir, databaseFileName), { readonly: true });
  try {
    const integrity = (db.query('PRAGMA integrity_check').values() as string[][]).map((row) => row[0]!);
    const stored = new Set((db.query("select value from contact_channels where type = 'email'").values() as string[][]).map((r) => r[0]!));
    return { kills: options.kills, acknowledged: acknowledged.length, missing: acknowledged.filter((e) => !stored.has(e)), integrity, restartMillis };
  } finally {
    db.close();
  }
}
