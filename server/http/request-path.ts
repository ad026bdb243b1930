// The path of a request URL without a full URL parse, which showed up in per-request cost.
// Request URLs reaching a server are always absolute: scheme://host/path?query.

export function requestPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const end = url.indexOf('?', start);
  return end < 0 ? url.slice(start) : url.slice(start, end);
}

/** "METHOD /path", as errors name an endpoint. */
export function requestLine(request: Request): string {
  return `${request.method} ${requestPath(request.url)}`;
}

/** The length of the host part ("host:port"). */
export function requestHostLength(url: string): number {
  const hostStart = url.indexOf('//') + 2;
  const pathStart = url.indexOf('/', hostStart);
  return (pathStart < 0 ? url.length : pathStart) - hostStart;
}
