// Shared pieces of the ui/client tests: a client for a bootstrapped project whose requests are
// recorded through an injected fetch, and small assertion helpers.
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { createAuthClient, type AuthClient, type AuthClientOptions } from '../../ui/client/index';
import type { TestInstance } from './instance';
import { uniqueEmail } from './api-expectations';
export { rejection } from './api-expectations';

export interface RecordedCall {
  method: string;
  path: string;
  /** The status the client acts on: X-Stack-Actual-Status when present. */
  status: number;
  headers: Headers;
  body: string;
  knownError: string | null;
}

export interface RecordingClient {
  client: AuthClient;
  calls: RecordedCall[];
  /** Paths of the recorded calls, e.g. `POST /auth/oauth/token`. */
  lines(): string[];
}

export function recordingFetch(calls: RecordedCall[]): typeof fetch {
  const recorder = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const actual = response.headers.get('x-stack-actual-status');
    calls.push({
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(/^\/api\/v1/, ''),
      status: actual === null ? response.status : Number(actual),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : '',
      knownError: response.headers.get('x-stack-known-error'),
    });
    return response;
  };
  return recorder as typeof fetch;
}

export function recordingClient(
  t: TestInstance,
  project: BootstrappedProject,
  options: Partial<AuthClientOptions> = {},
): RecordingClient {
  const calls: RecordedCall[] = [];
  const client = createAuthClient({
    baseUrl: t.url,
    projectId: project.projectId,
    publishableClientKey: project.keys.publishable_client_key!,
    tokenStore: 'memory',
    appUrl: 'http://localhost:3000',
    fetch: recordingFetch(calls),
    retry: { baseDelayMillis: 10 },
    ...options,
  });
  return { client, calls, lines: () => calls.map((c) => `${c.method} ${c.path}`) };
}

/**
 * A recording client of the demo project, signed up with a new address (from `label`) and
 * `password`; the verification email links to `verificationCallbackUrl`.
 */
export async function signedUpClient(
  t: TestInstance,
  label: string,
  password: string,
  verificationCallbackUrl = 'http://localhost:3000/v',
): Promise<RecordingClient & { email: string }> {
  const recording = recordingClient(t, t.demo!);
  const email = uniqueEmail(label);
  await recording.client.signUpWithPassword({ email, password, verificationCallbackUrl });
  return { ...recording, email };
}

/** A clock the test moves by hand, for the client's view of access-token expiry. */
export function movableClock(): { now: () => number; advance(millis: number): void } {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(millis) {
      offset += millis;
    },
  };
}
