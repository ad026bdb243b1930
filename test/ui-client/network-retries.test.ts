// Network failures: retried with backoff against a port that refuses connections until
// authd comes up on it, a diagnostic message after the last attempt, and an offline browser told
// so at once. The server is started from inside the fetch wrapper after the second refusal, so
// the order of events never depends on timing.
import { afterAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { createAuthClient, NetworkError, type AuthClientOptions } from '../../ui/client/index';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { makeTempDir, startTestInstance, type TestInstance } from '../support/instance';
import { rejection } from '../support/ui-client';

const running: TestInstance[] = [];
const dataDirs: string[] = [];

afterAll(async () => {
  for (const instance of running) await instance.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** A project's keys and a port nothing listens on any more (the instance that made them is stopped). */
async function stoppedInstance() {
  const dataDir = makeTempDir();
  dataDirs.push(dataDir);
  const first = await startTestInstance({ dataDir });
  const demo = first.demo!;
  await first.stop();
  return { dataDir, url: first.url, port: Number(new URL(first.url).port), demo };
}

function clientFor(url: string, demo: BootstrappedProject, extra: Partial<AuthClientOptions>) {
  return createAuthClient({
    baseUrl: url,
    projectId: demo.projectId,
    publishableClientKey: demo.keys.publishable_client_key!,
    tokenStore: 'memory',
    retry: { baseDelayMillis: 5 },
    ...extra,
  });
}

describe('network retries', () => {
  test('connections refused twice, then authd comes up on that port: the call succeeds', async () => {
    const stopped = await stoppedInstance();
    const attempts: string[] = [];
    const fetchUntilUp = (async (input: string | URL | Request, init?: RequestInit) => {
      try {
        const response = await fetch(input, init);
        attempts.push('answered');
        return response;
      } catch (error) {
        attempts.push('refused');
        if (attempts.length === 2) running.push(await startTestInstance({ dataDir: stopped.dataDir, port: stopped.port }));
        throw error;
      }
    }) as typeof fetch;

    const client = clientFor(stopped.url, stopped.demo, { fetch: fetchUntilUp });
    const project = await client.getProject();
    expect(project.id).toBe(stopped.demo.projectId);
    expect(attempts).toEqual(['refused', 'refused', 'answered']);
  });

  test('a sign-in (POST) is retried the same way, and the session it makes works', async () => {
    const stopped = await stoppedInstance();
    let refusals = 0;
    const fetchUntilUp = (async (input: string | URL | Request, init?: RequestInit) => {
      try {
        return await fetch(input, init);
      } catch (error) {
        refusals++;
        if (refusals === 1) running.push(await startTestInstance({ dataDir: stopped.dataDir, port: stopped.port }));
        throw error;
      }
    }) as typeof fetch;
    const client = clientFor(stopped.url, stopped.demo, { fetch: fetchUntilUp });
    const outcome = await client.signUpWithPassword({
      email: `retry-${crypto.randomUUID()}@example.com`,
      password: 'retry passphrase 1',
      verificationCallbackUrl: 'http://localhost:3000/v',
    });
    expect(outcome.status).toBe('signed-in');
    expect(refusals).toBe(1);
    expect(await client.getCurrentUser()).not.toBeNull();
  });

  test('after the last attempt: a NetworkError whose message says the server does not answer', async () => {
    const stopped = await stoppedInstance();
    let apiAttempts = 0;
    const counting = (async (input: string | URL | Request, init?: RequestInit) => {
      if (new Headers(init?.headers).has('x-stack-project-id')) apiAttempts++;
      return fetch(input, init);
    }) as typeof fetch;
    const client = clientFor(stopped.url, stopped.demo, { fetch: counting, retry: { baseDelayMillis: 1 } });
    const error = await rejection(client.getProject());
    expect(error).toBeInstanceOf(NetworkError);
    const network = error as NetworkError;
    expect(network.attempts).toBe(5);
    expect(apiAttempts).toBe(5);
    expect(network.offline).toBe(false);
    expect(network.message).toStartWith(`Could not reach authd at ${stopped.url} after 5 attempts`);
    expect(network.message).toContain('The server does not answer at all');
  });

  test('a server that answers plain requests but whose API calls fail is diagnosed as blocked', async () => {
    const instance = await startTestInstance();
    running.push(instance);
    // Stands in for a browser refusing the preflighted API requests (e.g. CORS): those fail, a plain GET goes through.
    const blocking = (async (input: string | URL | Request, init?: RequestInit) => {
      if (new Headers(init?.headers).has('x-stack-project-id')) throw new TypeError('Failed to fetch');
      return fetch(input, init);
    }) as typeof fetch;
    const client = clientFor(instance.url, instance.demo!, { fetch: blocking, retry: { attempts: 3, baseDelayMillis: 1 } });
    const error = (await rejection(client.getProject())) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.attempts).toBe(3);
    expect(error.message).toContain('after 3 attempts (Failed to fetch)');
    expect(error.message).toContain('the API calls themselves are being blocked');
  });

  test('a server that accepts connections and never answers: a NetworkError at the deadline, not a call that hangs', async () => {
    const demo = (await stoppedInstance()).demo;
    // Takes every connection and every byte, and never writes one back.
    const silent = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
    try {
      const url = `http://127.0.0.1:${silent.port}`;
      let attempts = 0;
      const counting = (async (input: string | URL | Request, init?: RequestInit) => {
        attempts++;
        return fetch(input, init);
      }) as typeof fetch;
      const client = clientFor(url, demo, { fetch: counting, retry: { deadlineMillis: 400 } });
      const error = (await rejection(
        client.signInWithPassword({ email: 'a@example.com', password: 'whatever it is' }),
      )) as NetworkError;
      expect(error).toBeInstanceOf(NetworkError);
      expect(error.offline).toBe(false);
      // One API attempt, cut at the deadline; then the (also bounded) diagnostic request.
      expect(error.attempts).toBe(1);
      expect(attempts).toBe(2);
      expect(error.message).toStartWith(`Could not reach authd at ${url} after 1 attempt `);
      expect(error.message).toContain('The server does not answer at all');
    } finally {
      silent.stop(true);
    }
  });

  test('an offline browser gets the offline message at once, without retries', async () => {
    const stopped = await stoppedInstance();
    let attempts = 0;
    const counting = (async (input: string | URL | Request, init?: RequestInit) => {
      attempts++;
      return fetch(input, init);
    }) as typeof fetch;
    const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true, writable: true });
    try {
      const client = clientFor(stopped.url, stopped.demo, { fetch: counting });
      const error = (await rejection(client.getProject())) as NetworkError;
      expect(error).toBeInstanceOf(NetworkError);
      expect(error.offline).toBe(true);
      expect(error.message).toBe('You are offline. Check your internet connection and try again.');
      expect(attempts).toBe(1);
    } finally {
      if (original) Object.defineProperty(globalThis, 'navigator', original);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
  });
});
