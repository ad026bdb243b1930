// The client address of a request, for rate limits. Behind a reverse proxy every request comes
// from the proxy, so with AUTHD_TRUST_PROXY=1 the first X-Forwarded-For address is used instead.
// Resolved only when a rate limit asks: most requests never need it, and asking the socket
// for every request showed up in the cost of the hottest calls.
import type { Server } from 'bun';

export type ClientIpResolver = (request: Request) => string;

/** Requests rebuilt before routing (see server.ts) point back to the one the socket knows. */
const socketRequests = new WeakMap<Request, Request>();

export function rememberSocketRequest(rebuilt: Request, incoming: Request): void {
  socketRequests.set(rebuilt, incoming);
}

/**
 * `behindFront` maps the socket's port to the client when the connection came through authd's
 * own TLS front (https-listeners.ts), which the socket alone shows as a loopback peer.
 */
export function socketClientIpResolver(
  server: () => Server<unknown>,
  trustProxy: boolean,
  behindFront?: (frontPort: number) => string | undefined,
): ClientIpResolver {
  return (request) => {
    const forwarded = trustProxy ? request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
    if (forwarded) return forwarded;
    const socket = server().requestIP(socketRequests.get(request) ?? request);
    return (socket && behindFront?.(socket.port)) || socket?.address || 'unknown';
  };
}

/** For an app not behind a socket (in-process `app.handle` calls). */
export const unknownClientIp: ClientIpResolver = () => 'unknown';
