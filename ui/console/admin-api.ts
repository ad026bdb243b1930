// The console's calls to authd's public API, as Stack's dashboard makes them: the internal
// project's own calls (the admin's profile, the projects they own) with the internal access token
// as a client, and every call on an owned project as `admin` with that token in
// `x-stack-admin-access-token`. Nothing here reaches a route the SDKs cannot.
import type { AuthClient } from '../client/index';
import type { ConsoleT } from './console-messages';

/** An API answer that is not a success: its known-error code (when the API named one) and message. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

export interface AdminApi {
  /** A call on the internal project as the signed-in admin (client access). */
  internal<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** A call on an owned project with admin access. */
  project<T>(projectId: string, method: string, path: string, body?: unknown): Promise<T>;
}

export function createAdminApi(client: AuthClient, publishableClientKey: string): AdminApi {
  async function send<T>(headers: Record<string, string>, method: string, path: string, body: unknown): Promise<T> {
    const accessToken = await client.getAccessToken();
    if (accessToken === null) throw new ApiCallError(401, 'USER_AUTHENTICATION_REQUIRED', '');
    const response = await fetch(`${client.baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...headers,
        ...(headers['x-stack-access-type'] === 'admin'
          ? { 'x-stack-admin-access-token': accessToken }
          : { 'x-stack-access-token': accessToken }),
        // Errors come back as 200 with the real status in a header, so a refused call is not a
        // network error in the browser's console; the status is read back below.
        'x-stack-override-error-status': 'true',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const status = Number(response.headers.get('x-stack-actual-status') ?? response.status);
    const text = await response.text();
    if (status >= 400) {
      const code = response.headers.get('x-stack-known-error');
      let message = text;
      try {
        const parsed = JSON.parse(text) as { error?: unknown };
        if (typeof parsed.error === 'string') message = parsed.error;
      } catch {
        // A plain-text refusal: its text is the message.
      }
      throw new ApiCallError(status, code, message);
    }
    return (text ? JSON.parse(text) : null) as T;
  }
  return {
    internal: (method, path, body) =>
      send(
        {
          'x-stack-project-id': client.projectId,
          'x-stack-access-type': 'client',
          'x-stack-publishable-client-key': publishableClientKey,
        },
        method,
        path,
        body,
      ),
    project: (projectId, method, path, body) =>
      send({ 'x-stack-project-id': projectId, 'x-stack-access-type': 'admin' }, method, path, body),
  };
}

/** A check the console makes itself before calling the API (e.g. no user has that email). */
export class ConsoleRefusal extends Error {
  override name = 'ConsoleRefusal';
}

/**
 * A message a person can act on, for any failure a call can end in: a known error the console's
 * catalogue words (`error.CODE`) in the admin's language, else the server's message as it sent
 * it (as the hosted screens show them), and the console's own words around the rest.
 */
export function describeFailure(error: unknown, t: ConsoleT): string {
  if (error instanceof ApiCallError) {
    const key = `error.${error.code}`;
    if (error.code !== null && t.has(key)) return t(key);
    return error.message || t('failure.status', { status: error.status });
  }
  if (error instanceof ConsoleRefusal) return error.message;
  if (error instanceof Error) return t('failure.unreachable', { reason: error.message });
  return t('failure.unknown');
}
