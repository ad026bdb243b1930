// The HTTP server: /health at the origin, /api/* through the Elysia app with the wire's
// headers, and a stop that lets in-flight requests finish before the caller closes storage.
import type { Context } from '../core/context';
import { createApiApp } from './api-app';
import { rememberSocketRequest, socketClientIpResolver } from './client-ip';
import { requestHostLength, requestPath } from './request-path';
import { bodyTooLargeError, maxRequestBodyBytes } from './body-parsing';
import { errorResponse, textResponse } from './error-responses';
import { hostedScreensResponse } from './hosted-screens';
import { corsHeaders, finishApiResponse } from './wire-headers';

export interface HttpServerOptions {
  host: string;
  /** 0 picks a free port; the chosen one is in the returned `port`. */
  port: number;
}

export interface RunningHttpServer {
  url: string;
  port: number;
  /** Stops accepting connections and resolves once in-flight requests have been answered. */
  stop(): Promise<void>;
}

const servedMethods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Elysia finds the path by slicing the URL at an offset that assumes a host of several
 * characters, so a short Host header (`Host: api`) made every route 404. Such requests are
 * handed on under a stand-in host; nothing downstream reads the host.
 */
function withRoutableHost(request: Request): Request {
  if (requestHostLength(request.url) >= 8) return request;
  const url = new URL(request.url);
  const rebuilt = new Request(`http://localhost${url.pathname}${url.search}`, request);
  rememberSocketRequest(rebuilt, request);
  return rebuilt;
}

export function startHttpServer(ctx: Context, options: HttpServerOptions): RunningHttpServer {
  const api = createApiApp(
    ctx,
    socketClientIpResolver(() => server, ctx.settings.trustProxy === true),
  );
  let inFlight = 0;
  let drained: (() => void) | null = null;

  async function answer(request: Request): Promise<Response> {
    const pathname = requestPath(request.url);
    if (pathname === '/health') return textResponse(200, 'OK');
    if (pathname !== '/api' && !pathname.startsWith('/api/')) {
      return (await hostedScreensResponse(ctx, request, pathname)) ?? textResponse(404, 'Not found');
    }

    if (request.method === 'OPTIONS') return new Response(null, { status: 200, headers: corsHeaders });
    if (!servedMethods.has(request.method)) {
      return finishApiResponse(request, textResponse(405, `Method ${request.method} is not allowed`));
    }
    const declaredLength = Number(request.headers.get('content-length') ?? 0);
    if (declaredLength > maxRequestBodyBytes) {
      return finishApiResponse(request, errorResponse(bodyTooLargeError(), ctx.log));
    }
    let response: Response;
    try {
      response = await api.handle(request);
    } catch (error) {
      response = errorResponse(error, ctx.log);
    }
    return finishApiResponse(request, response);
  }

  const server = Bun.serve({
    hostname: options.host,
    port: options.port,
    // Bun answers a bare 413 (no CORS, no known error) above this cap before our handler runs,
    // so it sits well above the 1 MB rule, which is checked above (declared length) and while
    // parsing (chunked bodies). It only bounds what a chunked body can make us buffer.
    maxRequestBodySize: 16 * maxRequestBodyBytes,
    async fetch(incoming) {
      const request = withRoutableHost(incoming);
      inFlight++;
      try {
        return await answer(request);
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
  return {
    url: `http://${urlHost}:${port}`,
    port,
    async stop() {
      const idle = inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (drained = resolve));
      void server.stop(false);
      await idle;
    },
  };
}
