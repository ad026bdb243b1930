// Request bodies by content type (wire §1.5), with the 1 MB limit. Runs before authentication,
// as Stack's processing order requires.
import * as v from 'valibot';
import type { AccessType } from '../core/request-auth';
import { knownError } from '../protocol/known-errors';
import { parseRequestPart } from '../protocol/validation-messages';
import { requestPath } from './request-path';

/** 1 MiB: room for a 1,000,000-character profile image URL plus the rest of a JSON body. */
export const maxRequestBodyBytes = 1024 * 1024;

export function bodyTooLargeError() {
  return knownError('BODY_PARSING_ERROR', `Request body is larger than the limit of ${maxRequestBodyBytes} bytes (1 MB).`);
}

// One decoder for every request: without `stream`, each decode starts afresh.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Returns the parsed body, or null for no body (Elysia reads `undefined` as "not parsed"). */
export async function parseRequestBody(request: Request): Promise<unknown> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > maxRequestBodyBytes) throw bodyTooLargeError();
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
      try {
        return JSON.parse(text);
      } catch {
        throw knownError('BODY_PARSING_ERROR', 'Invalid JSON in request body');
      }
    case 'application/x-www-form-urlencoded':
      try {
        return Object.fromEntries(new URLSearchParams(text));
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
  const schema = accessType === 'client' ? schemas.client : schemas.server;
  return parseRequestPart(schema, body, { method: request.method, pathname: requestPath(request.url), part: 'body' });
}
