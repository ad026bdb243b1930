// Serving the hosted screens' hashed files the way a browser wants them: the brotli or gzip copy
// made at build time (chosen by Accept-Encoding, never compressed per request), cached for a
// year as immutable (the name changes with the content), with an ETag for revalidation.
import { basename } from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
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

/** A generated page with its compressed copies and ETag, made once and served many times. */
export interface PreparedPage {
  etag: string;
  bodies: { br: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer>; identity: Uint8Array<ArrayBuffer> };
}

export function preparePage(html: string): PreparedPage {
  const identity = new TextEncoder().encode(html);
  return {
    etag: `"${Bun.hash(identity).toString(36)}"`,
    bodies: {
      identity,
      gzip: new Uint8Array(Bun.gzipSync(identity)),
      br: new Uint8Array(brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })),
    },
  };
}

/**
 * The headers of a page shell (hosted screens, admin console): HTML, revalidated at every visit
 * (the ETag makes that a 304, so a settings change shows at once), never framed, no referrer.
 */
export const pageShellHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;

/** A prepared page in the best encoding the request accepts, or 304 when the client has it. */
export function servePreparedPage(request: Request, page: PreparedPage, headers: Record<string, string>): Response {
  const accepted = acceptedEncodings(request.headers.get('accept-encoding'));
  const encoding = (['br', 'gzip'] as const).find((name) => accepted.has(name) || accepted.has('*')) ?? 'identity';
  // One ETag per encoded copy, as for the hashed files.
  const etag = encoding === 'identity' ? page.etag : `${page.etag.slice(0, -1)}.${encoding}"`;
  const all: Record<string, string> = { ...headers, etag, vary: headers.vary ? `Accept-Encoding, ${headers.vary}` : 'Accept-Encoding' };
  if (encoding !== 'identity') all['content-encoding'] = encoding;
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers: all });
  return new Response(request.method === 'HEAD' ? null : page.bodies[encoding], { headers: all });
}
