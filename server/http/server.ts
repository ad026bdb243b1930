// The HTTP server: /health at the origin, /api/* through the Elysia app with the wire's
// headers, and a stop that lets in-flight requests finish before the caller closes storage.
import type { Context } from '../core/storage/context';
import { pingDatabase } from '../core/storage/transactions';
import { createApiApp } from './api-routes';
import { rememberSocketRequest, socketClientIpResolver } from './client-ip';
import { requestHostLength, requestPath } from './request-path';
import { bodyTooLargeError, isStreamedBodyPath, requestBodyLimit } from './body-parsing';
import { errorResponse, textResponse } from './error-responses';
import { hostedScreensResponse, rootPageResponse } from './hosted-screens';
import { adminConsoleResponse } from './admin-console';
import { corsHeaders, finishApiResponse } from './wire-headers';
import { answerAfterFirstDeliveries } from '../core/email/first-attempt-in-request';
import { deliverQueuedMessageNow } from '../core/email/email-delivery';
import { withAuditOrigin, type AuditOrigin } from '../core/audit/audit-origin';
import { countAuthAttempt, metricsResponse, routeLabel } from './request-metrics';

export interface HttpServerOptions {
  host: string;
  /** 0 picks a free port; the chosen one is in the returned `port`. */
  port: number;
  /**
   * Requests that arrive before this settles wait for it: `serve` binds the port first and then
   * creates its first projects, and no request may see the instance half made.
   */
  holdRequestsUntil?: Promise<unknown>;
  /** Automatic HTTPS (https-listeners.ts): the client behind a connection from authd's TLS front. */
  clientAddressOf?: (frontPort: number) => string | undefined;
  /** Production over authd's own HTTPS: every answer carries Strict-Transport-Security. */
  strictTransportSecurity?: boolean;
  /** A line `/health/ready` adds to its 200 answer (a certificate close to expiry). */
  readinessNote?: () => string | undefined;
  /** With ctx.metrics (`serve --metrics`): the bearer token non-loopback callers of /metrics need. */
  metricsToken?: string;
}

export interface RunningHttpServer {
  url: string;
  port: number;
  /**
   * Stops accepting connections and resolves once in-flight requests have been answered, or
   * after `graceMillis`, when the connections still open are closed: a client that never
   * finishes sending its body must not keep the server from stopping.
   */
  stop(graceMillis?: number): Promise<void>;
  /**
   * From now on `/health/ready` answers 503, so a load balancer stops sending new requests;
   * everything else is still served until `stop`.
   */
  startDraining(): void;
}

/** `/health/ready`: 200 while this instance should get traffic, 503 once draining or when its database does not answer. */
async function readinessResponse(ctx: Context, draining: boolean, note: string | undefined): Promise<Response> {
  if (draining) return textResponse(503, 'draining');
  try {
    await pingDatabase(ctx);
  } catch {
    return textResponse(503, 'database unavailable');
  }
  return textResponse(200, note ? `ready\n${note}` : 'ready');
}

/** A year; subdomains are left to decide for themselves (they may not all be on HTTPS). */
const hstsValue = 'max-age=31536000';

/** Some responses (a redirect made by Response.redirect) have immutable headers: those are copied. */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

/** How long a stop waits for in-flight requests before closing their connections. */
export const defaultStopGraceMillis = 5000;

const servedMethods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Elysia finds the path by slicing the URL at an offset that assumes a host of several
 * characters, so a short Host header (`Host: api`) made every route 404. Such requests are
 * handed on under a stand-in host; nothing downstream reads the host. Undefined when the
 * request has no usable host at all: Bun then gives its URL as a bare path ("/health"), or as
 * a URL that does not parse (`Host: [::1`).
 */
function withRoutableHost(request: Request): Request | undefined {
  if (!request.url.startsWith('http')) return undefined;
  if (requestHostLength(request.url) >= 8) return request;
  if (!URL.canParse(request.url)) return undefined;
  const url = new URL(request.url);
  const rebuilt = new Request(`http://localhost${url.pathname}${url.search}`, request);
  rememberSocketRequest(rebuilt, request);
  return rebuilt;
}

/** The idle limit of the user import's socket: the last batches of a large file take seconds, not minutes. */
const streamedBodyIdleSeconds = 120;

export function startHttpServer(ctx: Context, options: HttpServerOptions): RunningHttpServer {
  const clientIp = socketClientIpResolver(() => server, ctx.settings.trustProxy === true, options.clientAddressOf);
  // /metrics decides on the socket's address alone: a forwarded one is whatever the caller wrote.
  const socketAddress = socketClientIpResolver(() => server, false, options.clientAddressOf);
  const api = createApiApp(ctx, clientIp, () => server.url.origin);
  let inFlight = 0;
  let drained: (() => void) | null = null;
  let draining = false;
  let held = options.holdRequestsUntil;
  void held?.finally(() => (held = undefined)).catch(() => undefined);

  /** HTTP/1.1 requires a Host; health checks sent without one (HTTP/1.0 probes) still get their answer. */
  async function answerWithoutHost(request: Request): Promise<Response> {
    const pathname = request.url.split('?')[0];
    if (pathname === '/health') return textResponse(200, 'OK');
    if (pathname === '/health/ready') return await readinessResponse(ctx, draining, options.readinessNote?.());
    return textResponse(400, 'The request has no valid Host header.');
  }

  /** `routed` receives the request as routed (it may be rebuilt), for the metrics' route label. */
  async function answer(incoming: Request, routed?: { request: Request; pathname: string }): Promise<Response> {
    // A tunnel (CONNECT host:port, or CONNECT *) is not something an HTTP API serves.
    if (incoming.method === 'CONNECT') {
      const response = textResponse(405, 'Method CONNECT is not allowed');
      response.headers.set('allow', [...servedMethods].join(', '));
      return response;
    }
    const request = withRoutableHost(incoming);
    if (!request) return await answerWithoutHost(incoming);
    const pathname = requestPath(request.url);
    if (routed) Object.assign(routed, { request, pathname });
    if (pathname === '/health') return textResponse(200, 'OK');
    if (pathname === '/health/ready') return await readinessResponse(ctx, draining, options.readinessNote?.());
    if (pathname === '/metrics' && ctx.metrics) {
      return await metricsResponse(ctx, request, { socketAddress: socketAddress(request), token: options.metricsToken });
    }
    if (pathname === '/') return await rootPageResponse(ctx, request);
    if (pathname !== '/api' && !pathname.startsWith('/api/')) {
      return (
        (await hostedScreensResponse(ctx, request, pathname)) ??
        (await adminConsoleResponse(ctx, request, pathname)) ??
        textResponse(404, 'Not found')
      );
    }

    if (request.method === 'OPTIONS') return new Response(null, { status: 200, headers: corsHeaders });
    if (!servedMethods.has(request.method)) {
      return finishApiResponse(request, textResponse(405, `Method ${request.method} is not allowed`));
    }
    const declaredLength = Number(request.headers.get('content-length') ?? 0);
    const bodyLimit = requestBodyLimit(pathname);
    if (declaredLength > bodyLimit) {
      return finishApiResponse(request, errorResponse(bodyTooLargeError(bodyLimit), ctx.log));
    }
    let response: Response;
    try {
      // Development: the mail this request queued has had its first delivery attempt by the answer.
      // The audit log's "from where" (and, once authenticated in api-app.ts, "who").
      const origin: AuditOrigin = {
        actorType: 'client',
        actorId: null,
        ip: () => clientIp(request),
        userAgent: request.headers.get('user-agent'),
      };
      response = await withAuditOrigin(origin, () =>
        answerAfterFirstDeliveries(
          ctx,
          async (id) => await deliverQueuedMessageNow(ctx, id),
          () => api.handle(request),
        ),
      );
    } catch (error) {
      response = errorResponse(error, ctx.log);
    }
    if (ctx.metrics) await countAuthAttempt(ctx, request, response);
    return finishApiResponse(request, response);
  }

  /** answer, timed and counted under its route pattern and real status (before a status override). */
  async function answerCounted(incoming: Request): Promise<Response> {
    const started = performance.now();
    const routed = { request: incoming, pathname: '' };
    const response = await answer(incoming, routed);
    const status = Number(response.headers.get('x-stack-actual-status') ?? response.status);
    const route = routeLabel(routed.request, routed.pathname || requestPath(incoming.url));
    ctx.metrics!.observeHttpRequest(incoming.method, route, status, (performance.now() - started) / 1000);
    return response;
  }

  const server = Bun.serve({
    hostname: options.host,
    port: options.port,
    // Bun answers a bare 413 (no CORS, no known error) above this cap before our handler runs,
    // and counts chunked bodies against it too, so it is lifted: the 1 MB rule is checked above
    // (declared length) and while parsing (a chunked body is refused as soon as it passes the
    // limit, so at most the limit is ever buffered), and the one route without a limit, the
    // user import, streams its body into batches instead of holding it.
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    async fetch(incoming, bun) {
      // The user import answers once the whole file is written: after its body has arrived the
      // socket is quiet for as long as the last batches take, which Bun's idle timeout (10 s)
      // would cut off. Still bounded: the path is known before anyone is authorised, so an
      // unlimited timeout would let any caller hold sockets open.
      if (isStreamedBodyPath(requestPath(incoming.url))) bun.timeout(incoming, streamedBodyIdleSeconds);
      inFlight++;
      try {
        if (held) await held;
        const response = ctx.metrics ? await answerCounted(incoming) : await answer(incoming);
        return options.strictTransportSecurity ? withHeader(response, 'strict-transport-security', hstsValue) : response;
      } finally {
        inFlight--;
        if (inFlight === 0) drained?.();
      }
    },
    error(error) {
      return errorResponse(error, ctx.log);
    },
  });

  const port = server.port!;
  const urlHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  ctx.listeningUrl ??= `http://${urlHost}:${port}`;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    startDraining() {
      draining = true;
    },
    async stop(graceMillis = defaultStopGraceMillis) {
      const idle = inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (drained = resolve));
      void server.stop(false);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const graceOver = new Promise<'grace over'>((resolve) => (timer = setTimeout(() => resolve('grace over'), graceMillis)));
      if ((await Promise.race([idle, graceOver])) === 'grace over') await server.stop(true);
      clearTimeout(timer);
    },
  };
}
