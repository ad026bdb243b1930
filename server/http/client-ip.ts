// The client address of each request, taken from the socket by the server and read by routes
// for rate limits. Behind a reverse proxy every request comes from the proxy, so with
// AUTHD_TRUST_PROXY=1 the first X-Forwarded-For address is used instead.
const clientIps = new WeakMap<Request, string>();

export function rememberClientIp(request: Request, socketIp: string | undefined, trustProxy: boolean): void {
  const forwarded = trustProxy ? request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  clientIps.set(request, forwarded || socketIp || 'unknown');
}

export function clientIpOf(request: Request): string {
  return clientIps.get(request) ?? 'unknown';
}
