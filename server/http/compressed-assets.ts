// Serving the hosted screens' hashed files the way a browser wants them: the brotli or gzip copy
// made at build time (chosen by Accept-Encoding, never compressed per request), cached for a
// year as immutable (the name changes with the content), with an ETag for revalidation.
import { basename } from 'node:path';
import { textResponse } from './error-responses';

/** The copies scripts/build-ui.ts writes beside each file, best first. */
const precompressed = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The content codings `Accept-Encoding` allows (q > 0), lower-cased; `*` allows any. */
export function acceptedEncodings(header: string | null): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name);
  }
  return accepted;
}

function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}

/** A hashed build file, in the best encoding the request accepts. */
export async function serveHashedFile(request: Request, file: string): Promise<Response> {
  const original = Bun.file(file);
  if (!(await original.exists())) return textResponse(404, 'Not found');
  const accepted = acceptedEncodings(request.headers.get('accept-encoding'));
  let body = original;
  let encoding = 'identity';
  for (const candidate of precompressed) {
    if (!accepted.has(candidate.encoding) && !accepted.has('*')) continue;
    const copy = Bun.file(file + candidate.suffix);
    if (await copy.exists()) {
      body = copy;
      encoding = candidate.encoding;
      break;
    }
  }
  // The name carries the content hash; the encoding tells the copies apart.
  const etag = `"${basename(file)}.${encoding}"`;
  const headers: Record<string, string> = {
    'content-type': original.type,
    'cache-control': 'public, max-age=31536000, immutable',
    etag,
    vary: 'Accept-Encoding',
  };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : body, { headers });
}

/** A small generated page, gzipped when the browser takes gzip (it differs per request). */
export function compressedPage(request: Request, html: string, headers: Record<string, string>): Response {
  const accepted = acceptedEncodings(request.headers.get('accept-encoding'));
  if (!accepted.has('gzip')) return new Response(html, { headers: { ...headers, vary: 'Accept-Encoding' } });
  return new Response(Bun.gzipSync(new TextEncoder().encode(html)), {
    headers: { ...headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' },
  });
}
