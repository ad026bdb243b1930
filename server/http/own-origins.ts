// Where this authd is reached, worked out from configuration and the listening socket, never
// from what a request claims: the Host header is the client's to choose, and letting it pick
// where authd posts an OAuth code and verifier, or where a provider sends the browser back,
// hands both to whoever sets it.
import type { AuthdOrigins } from '../core/auth/authd-origins';
import type { Context } from '../core/storage/context';

const loopbackHosts = ['127.0.0.1', 'localhost', '[::1]'];
const wildcardHosts = ['0.0.0.0', '[::]'];

function originOf(url: string): string | undefined {
  return URL.canParse(url) ? new URL(url).origin : undefined;
}

/**
 * The origins of this instance: the configured public URL, the listening address and, when
 * that is a loopback or wildcard address, the loopback names for the same port (a developer
 * may open http://localhost:8102 on a server bound to 127.0.0.1, and passkeys require it).
 */
function instanceOrigins(publicUrl: string | undefined, listening: URL): string[] {
  const origins = new Set<string>();
  const configured = publicUrl && originOf(publicUrl);
  if (configured) origins.add(configured);
  const host = listening.hostname;
  if (loopbackHosts.includes(host) || wildcardHosts.includes(host)) {
    for (const name of loopbackHosts) origins.add(`${listening.protocol}//${name}:${listening.port}`);
  } else {
    origins.add(listening.origin);
  }
  return [...origins];
}

/**
 * `listeningUrl` is the server's own address; absent only for an app handling requests in
 * process with no socket (tests), where the request's origin is the only one there is.
 */
export function ownOrigins(ctx: Context, request: Request, listeningUrl: string | undefined): AuthdOrigins {
  const requestOrigin = originOf(request.url);
  if (listeningUrl === undefined) {
    const origin = ctx.settings.publicUrl?.replace(/\/+$/, '') ?? requestOrigin ?? 'http://localhost';
    return { public: origin, local: requestOrigin ?? origin, browserOrigins: [originOf(origin) ?? origin] };
  }
  const listening = new URL(listeningUrl);
  if (wildcardHosts.includes(listening.hostname)) listening.hostname = listening.hostname === '[::]' ? '[::1]' : '127.0.0.1';
  const browserOrigins = instanceOrigins(ctx.settings.publicUrl, listening);
  // The browser comes back to the name it used, so the flow's cookie comes with it, as long as
  // that name is one of ours.
  const publicOrigin =
    ctx.settings.publicUrl?.replace(/\/+$/, '') ??
    (requestOrigin && browserOrigins.includes(requestOrigin) ? requestOrigin : listening.origin);
  return { public: publicOrigin, local: listening.origin, browserOrigins };
}
