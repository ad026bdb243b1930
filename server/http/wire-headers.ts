// Headers every API answer carries: CORS for browser SDKs, a request
// id, no caching, and the override-error-status rewrite the SDK asks for; then the body's
// compression by Accept-Encoding.
import { compressApiResponse } from './api-compression';

export const corsHeaders: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-max-age': '86400',
  'access-control-allow-headers': [
    'content-type',
    'authorization',
    'x-stack-project-id',
    'x-stack-override-error-status',
    'x-stack-random-nonce',
    'x-stack-client-version',
    'x-stack-disable-artificial-development-delay',
    'x-stack-access-type',
    'x-stack-publishable-client-key',
    'x-stack-secret-server-key',
    'x-stack-super-secret-admin-key',
    'x-stack-admin-access-token',
    'x-stack-refresh-token',
    'x-stack-access-token',
    'baggage',
    'sentry-trace',
  ].join(', '),
  'access-control-expose-headers': 'content-type, x-stack-actual-status, x-stack-known-error',
};

// Listed once: walking the object on every response showed up in the per-request cost.
const staticHeaders = [...Object.entries(corsHeaders), ['cache-control', 'no-store, max-age=0']] as const;

export async function finishApiResponse(request: Request, response: Response): Promise<Response> {
  const headers = response.headers;
  for (const [name, value] of staticHeaders) headers.set(name, value);
  headers.set('x-stack-request-id', crypto.randomUUID());

  const contentType = headers.get('content-type') ?? '';
  let prettyJson = false;
  if (contentType.startsWith('application/json')) {
    headers.set('content-type', 'application/json; charset=utf-8');
    // Humans reading the API in a browser get indented JSON.
    prettyJson = (request.headers.get('accept') ?? '').includes('text/html');
  } else if (contentType.startsWith('text/plain')) {
    headers.set('content-type', 'text/plain; charset=utf-8');
  }

  const overrideStatus = request.headers.has('x-stack-override-error-status') && response.status >= 400 && response.status <= 599;
  if (!overrideStatus && !prettyJson) return await compressApiResponse(request, response);
  // Rebuilding is needed to change the status or body; the body is buffered so the answer keeps
  // a Content-Length instead of becoming a chunked stream.
  let body: string = await response.text();
  if (prettyJson) body = JSON.stringify(JSON.parse(body), null, 2);
  let status = response.status;
  if (overrideStatus) {
    headers.set('x-stack-actual-status', String(status));
    status = 200;
  }
  return await compressApiResponse(request, new Response(body, { status, headers }));
}
