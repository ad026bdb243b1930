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

export function socketClientIpResolver(server: () => Server<unknown>, trustProxy: boolean): ClientIpResolver {
  return (request) => {
    const forwarded = trustProxy ? request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
    return forwarded || server().requestIP(socketRequests.get(request) ?? request)?.address || 'unknown';
  };
}

/** For an app not behind a socket (in-process `app.handle` calls). */
export const unknownClientIp: ClientIpResolver = () => 'unknown';
