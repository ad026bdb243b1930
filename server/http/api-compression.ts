// Compressing API answers per request: JSON bodies above a small size go out brotli- or
// gzip-encoded by Accept-Encoding (the hosted screens' first loads count these bytes too).
// Tiny bodies, other content types (event streams, plain text) and HEAD answers go out as they are.
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { acceptedEncodings } from './compressed-assets';

/**
 * Below this many bytes an encoded body saves less than its `content-encoding` header costs
 * (brotli turns 100 B of JSON into about 73, 150 into about 91, and the header is 24 B). The
 * small objects a screen's first load asks for (the user, the project, a team's members, 190 to
 * 450 B) come out about 45 % smaller, for about 20 µs of one core each.
 */
export const minimumCompressedApiBytes = 150;

/**
 * Brotli quality 5 and gzip level 6: close to the best ratio on JSON of a few KB, at a fraction
 * of quality 11's time, since this runs on every large answer rather than once at build time.
 */
const brotliQuality = 5;
const gzipLevel = 6;

/** The answer with its JSON body encoded as the request allows, or the answer unchanged. */
export async function compressApiResponse(request: Request, response: Response): Promise<Response> {
  if (request.method === 'HEAD' || response.body === null) return response;
  const headers = response.headers;
  if (!(headers.get('content-type') ?? '').startsWith('application/json')) return response;
  if (headers.has('content-encoding')) return response;
  const accepted = acceptedEncodings(request.headers.get('accept-encoding'));
  const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') || accepted.has('*') ? 'gzip' : null;
  // Caches must keep the copies apart even when this one went out plain.
  headers.append('vary', 'Accept-Encoding');
  if (encoding === null) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  if (body.byteLength < minimumCompressedApiBytes) return new Response(body, { status: response.status, headers });
  const encoded =
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : Bun.gzipSync(body, { level: gzipLevel });
  headers.set('content-encoding', encoding);
  // The body is buffered, so the answer keeps an exact Content-Length rather than streaming chunked.
  headers.delete('content-length');
  return new Response(new Uint8Array(encoded), { status: response.status, headers });
}
