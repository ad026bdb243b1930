// Request bodies by content type, with a size limit per route (1 MB, 64 KB for the routes any
// holder of the public client key may call). Runs before authentication, as Stack's processing
// order requires.
import * as v from 'valibot';
import type { AccessType } from '../core/credentials/callers';
import { knownError } from '../protocol/known-errors';
import { schemaErrorFromIssues } from '../protocol/validation-messages';
import { rememberParsedBodyLength, validateRequestValue } from './route-schemas';
import { requestPath } from './request-path';

/** 1 MiB: room for a 1,000,000-character profile image URL plus the rest of a JSON body. */
export const maxRequestBodyBytes = 1024 * 1024;

/**
 * 64 KiB for sign-in, sign-up, codes, passkeys, sessions and the other routes that need no
 * signed-in user or secret key: their bodies are a few fields (a passkey's attestation, the
 * largest, is a few KB), and a flood of 1 MB bodies there kept the event loop parsing.
 */
export const maxUnauthenticatedBodyBytes = 64 * 1024;
const unauthenticatedBodyPaths =
  /^\/api\/v1\/(auth\/|contact-channels\/(verify|send-verification-code)|team-invitations\/(accept|send-code)|check-feature-support|dev-oauth\/)/;

/**
 * Routes whose body is a file read as a stream by the handler (the admin's user import: a
 * million users are hundreds of MB). Nothing parses or buffers it, so it has no size limit.
 */
const streamedBodyPaths = /^\/api\/v1\/users\/import$/;

export function isStreamedBodyPath(pathname: string): boolean {
  return streamedBodyPaths.test(pathname);
}

/** The largest body the route at `pathname` accepts. */
export function requestBodyLimit(pathname: string): number {
  if (isStreamedBodyPath(pathname)) return Number.POSITIVE_INFINITY;
  return unauthenticatedBodyPaths.test(pathname) ? maxUnauthenticatedBodyBytes : maxRequestBodyBytes;
}

/**
 * JSON deeper than this is refused while parsing, before anything walks it: validators, error
 * messages and JSON.stringify all recurse, and some cost grows with the square of the depth.
 * No payload of the API nests past a dozen levels; 64 leaves room for metadata.
 */
export const maxJsonNestingDepth = 64;

export function tooDeepError() {
  return knownError('BODY_PARSING_ERROR', `Request body is nested deeper than ${maxJsonNestingDepth} levels`);
}

const openBrace = 0x7b;
const openBracket = 0x5b;
const closeBrace = 0x7d;
const closeBracket = 0x5d;
const quote = 0x22;
const backslash = 0x5c;

/** The deepest nesting of arrays and objects in JSON text, counted in one pass over it. */
function exceedsJsonNesting(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === backslash) i++;
      else if (c === quote) inString = false;
    } else if (c === quote) inString = true;
    else if (c === openBrace || c === openBracket) {
      if (++depth > limit) return true;
    } else if (c === closeBrace || c === closeBracket) depth--;
  }
  return false;
}

export function bodyTooLargeError(limit = maxRequestBodyBytes) {
  const readable = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MB` : `${limit / 1024} KB`;
  return knownError('BODY_PARSING_ERROR', `Request body is larger than the limit of ${limit} bytes (${readable}).`);
}

/**
 * The body's bytes, refused past `limit`. A declared length was checked by the server already
 * (and Bun holds the body to it); a chunked body is read as a stream and refused as soon as it
 * passes the limit, so at most the limit is ever buffered.
 */
async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  if (request.headers.has('content-length') || !request.body) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > limit) throw bodyTooLargeError(limit);
    return bytes;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(() => {});
      throw bodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? chunks[0]! : new Uint8Array(Buffer.concat(chunks));
}

// One decoder for every request: without `stream`, each decode starts afresh.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Returns the parsed body, or null for no body (Elysia reads `undefined` as "not parsed"). */
export async function parseRequestBody(request: Request): Promise<unknown> {
  // Left unread: the handler streams it.
  if (isStreamedBodyPath(requestPath(request.url))) return null;
  const bytes = await readBodyBytes(request, requestBodyLimit(requestPath(request.url)));
  const contentType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (bytes.byteLength === 0 || contentType === '') return null;
  if (contentType === 'application/octet-stream') return bytes;

  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw knownError('BODY_PARSING_ERROR', 'Request body cannot be parsed as UTF-8');
  }
  switch (contentType) {
    case 'application/json':
      if (exceedsJsonNesting(text, maxJsonNestingDepth)) throw tooDeepError();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw knownError('BODY_PARSING_ERROR', 'Invalid JSON in request body');
      }
      rememberParsedBodyLength(parsed, text.length);
      return parsed;
    case 'application/x-www-form-urlencoded':
      try {
        const form = Object.fromEntries(new URLSearchParams(text));
        rememberParsedBodyLength(form, text.length);
        return form;
      } catch {
        throw knownError('BODY_PARSING_ERROR', 'Invalid form data in request body');
      }
    case 'text/plain':
      return text;
    default:
      throw knownError('BODY_PARSING_ERROR', `Unknown content type in request body: ${contentType}`);
  }
}

/**
 * The body validated with the client's schema or the server's (a client may change less), with
 * SCHEMA_ERROR naming this request as Elysia's own validation would.
 */
export function parseBodyForAccess<C extends v.GenericSchema, S extends v.GenericSchema>(
  request: Request,
  body: unknown,
  accessType: AccessType,
  schemas: { client: C; server: S },
): v.InferOutput<C> | v.InferOutput<S> {
  const result = validateRequestValue(accessType === 'client' ? schemas.client : schemas.server, body);
  if (result.success) return result.output;
  throw schemaErrorFromIssues(request.method, requestPath(request.url), 'body', result.issues);
}
