// HTTP to authd: the wire's headers, known errors turned into typed errors,
// network failures retried with randomised exponential backoff and short 429s waited out.
import { knownAuthErrorFromWire, NetworkError, RateLimitedError, UnexpectedResponseError } from './errors';

export interface TransportConfig {
  baseUrl: string;
  projectId: string;
  publishableClientKey: string;
  fetch: typeof fetch;
  attempts: number;
  baseDelayMillis: number;
  /**
   * The longest one call may take, retries and waits included: a server that accepts the
   * connection and never answers must not hold a caller (a person at a form) indefinitely.
   */
  deadlineMillis: number;
}

export interface ApiCall {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path under `/api/v1`, e.g. `/users/me`. */
  path: string;
  body?: unknown;
  accessToken?: string | null;
  refreshToken?: string | null;
}

/** An API answer as the call modules read it: JSON, field by field. */
export type Answer = Record<string, any>;
/** An API call whose tokens the caller fills in: as the signed-in user, or anonymously. */
export type Call = (call: Omit<ApiCall, 'accessToken' | 'refreshToken'>) => Promise<Answer>;

const clientVersion = 'js @authd/client@0.1.0';
/** Upper bound on a server-requested Retry-After wait, so a misbehaving proxy cannot hang the app. */
const maxRetryAfterMillis = 60_000;
/**
 * A 429 asking for a longer wait than this is answered with RateLimitedError at once: a person
 * in front of a form must be told to wait, not watch a disabled button for a minute.
 */
const longestSilentWaitMillis = 5_000;

function isBrowserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

const offlineMessage = 'You are offline. Check your internet connection and try again.';

const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, millis)));

/** Aborts at `deadline` (epoch ms); `clear` stops the timer once the answer has come. */
function abortAt(deadline: number): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('no answer before the deadline')), Math.max(0, deadline - Date.now()));
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

/** How long the diagnostic request after the last failure may take. */
const diagnosticTimeoutMillis = 2_000;

function backoffMillis(config: TransportConfig, attempt: number): number {
  return (0.5 + Math.random()) * config.baseDelayMillis * 2 ** attempt;
}

/**
 * After the last failed attempt, a plain GET of the API root (a simple request, so no CORS
 * preflight) tells "server down or URL wrong" apart from "reachable, but the API request was
 * blocked" (CORS, a proxy or an extension).
 */
async function diagnosticMessage(config: TransportConfig, attempts: number, lastError: unknown): Promise<string> {
  const reason = lastError instanceof Error ? lastError.message : String(lastError);
  const head = `Could not reach authd at ${config.baseUrl} after ${attempts} attempt${attempts === 1 ? '' : 's'} (${reason}).`;
  let rootAnswers = false;
  const timeout = abortAt(Date.now() + diagnosticTimeoutMillis);
  try {
    rootAnswers = (await config.fetch(`${config.baseUrl}/api/v1`, { method: 'GET', signal: timeout.signal })).ok;
  } catch {
    rootAnswers = false;
  } finally {
    timeout.clear();
  }
  return rootAnswers
    ? `${head} The server answers simple requests, so the API calls themselves are being blocked: check that the server sends CORS headers for this origin and that no proxy or browser extension drops requests with X-Stack headers.`
    : `${head} The server does not answer at all: check that authd is running, that baseUrl is right, and that no firewall is in the way.`;
}

/** fetch with the retry rules; answers the first response that is not a 429 worth retrying. */
async function fetchWithRetries(config: TransportConfig, url: string, init: () => RequestInit): Promise<Response> {
  const deadline = Date.now() + config.deadlineMillis;
  let lastError: unknown;
  let attempts = 0;
  for (let attempt = 0; attempt < config.attempts && Date.now() < deadline; attempt++) {
    if (attempt > 0 && lastError !== undefined) {
      const wait = backoffMillis(config, attempt - 1);
      // No attempt is worth starting if the deadline falls during the wait.
      if (Date.now() + wait >= deadline) break;
      await sleep(wait);
    }
    attempts = attempt + 1;
    let response: Response;
    const timeout = abortAt(deadline);
    try {
      response = await config.fetch(url, { ...init(), signal: timeout.signal });
    } catch (error) {
      if (isBrowserOffline()) throw new NetworkError(offlineMessage, { offline: true, attempts, cause: error });
      lastError = error;
      continue;
    } finally {
      // The body is read after this returns; only a silent server is cut off, not a slow body.
      timeout.clear();
    }
    const status = Number(response.headers.get('x-stack-actual-status') ?? response.status);
    if (status === 429 && attempt + 1 < config.attempts) {
      const retryAfterSeconds = Number(response.headers.get('retry-after'));
      if (Number.isFinite(retryAfterSeconds) && retryAfterSeconds * 1000 > longestSilentWaitMillis) {
        const text = (await response.text()).trim();
        throw new RateLimitedError(text || `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, retryAfterSeconds);
      }
      const wait =
        Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0
          ? Math.min(retryAfterSeconds * 1000, maxRetryAfterMillis)
          : backoffMillis(config, attempt);
      // Past the deadline the 429 itself is the answer.
      if (Date.now() + wait < deadline) {
        await response.body?.cancel();
        lastError = undefined;
        await sleep(wait);
        continue;
      }
    }
    return response;
  }
  throw new NetworkError(await diagnosticMessage(config, attempts, lastError), {
    offline: false,
    attempts,
    cause: lastError,
  });
}

/** Reads a response: the JSON body of a success, or throws the known error / unexpected-response error. */
async function readResponse(response: Response, context: string): Promise<unknown> {
  const status = Number(response.headers.get('x-stack-actual-status') ?? response.status);
  const text = await response.text();
  const knownCode = response.headers.get('x-stack-known-error');
  if (knownCode) {
    let body: { code?: unknown; error?: unknown; details?: unknown } = {};
    try {
      body = JSON.parse(text);
    } catch {
      throw new UnexpectedResponseError(status, text, context);
    }
    throw knownAuthErrorFromWire(knownCode, typeof body.error === 'string' ? body.error : knownCode, body.details, status);
  }
  if (status < 200 || status >= 300) throw new UnexpectedResponseError(status, text, context);
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new UnexpectedResponseError(status, text, context);
  }
}

/** One API call with the wire's headers; throws typed errors. */
export async function callAuthApi(config: TransportConfig, call: ApiCall): Promise<unknown> {
  const url = `${config.baseUrl}/api/v1${call.path}`;
  const response = await fetchWithRetries(config, url, () => {
    const headers: Record<string, string> = {
      'x-stack-project-id': config.projectId,
      'x-stack-access-type': 'client',
      'x-stack-publishable-client-key': config.publishableClientKey,
      'x-stack-client-version': clientVersion,
      'x-stack-override-error-status': 'true',
      // A cache-buster the server ignores; crypto.randomUUID would fail on plain-http pages.
      'x-stack-random-nonce': Math.random().toString(36).slice(2),
    };
    if (call.accessToken) headers['x-stack-access-token'] = call.accessToken;
    if (call.refreshToken) headers['x-stack-refresh-token'] = call.refreshToken;
    const init: RequestInit = { method: call.method, headers, credentials: 'omit' };
    if (call.method !== 'GET') {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(call.body ?? {});
    }
    return init;
  });
  return readResponse(response, `${call.method} ${call.path}`);
}

/**
 * A grant at the OAuth token endpoint: form-encoded, client credentials in the
 * body, real statuses (no override header). Known errors still come with their header.
 */
export async function callTokenEndpoint(config: TransportConfig, form: Record<string, string>): Promise<unknown> {
  const url = `${config.baseUrl}/api/v1/auth/oauth/token`;
  const body = new URLSearchParams({ ...form, client_id: config.projectId, client_secret: config.publishableClientKey });
  const response = await fetchWithRetries(config, url, () => ({
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: body.toString(),
    credentials: 'omit',
  }));
  return readResponse(response, `POST /auth/oauth/token (${form.grant_type})`);
}
