// Turns anything thrown while handling a request into the wire's error forms:
// known errors as JSON with X-Stack-Known-Error, status errors as text, and everything else as
// a 500 whose details stay in the server log.
import * as v from 'valibot';
import { KnownError } from '../protocol/known-errors';
import { PlainTextError } from '../protocol/plain-text-errors';
import { schemaErrorFromIssues } from '../protocol/validation-messages';
import { requestPath } from './request-path';
import type { Logger } from '../core/storage/context';

export function knownErrorResponse(error: KnownError): Response {
  return new Response(JSON.stringify(error.toJSON()), {
    status: error.status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-stack-known-error': error.code },
  });
}

export function textResponse(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

export const unexpectedErrorText = 'Something went wrong. Please make sure the data you entered is correct.';

export function errorResponse(error: unknown, log: Logger): Response {
  if (error instanceof KnownError) return knownErrorResponse(error);
  if (error instanceof PlainTextError) {
    const response = textResponse(error.status, error.message);
    if (error.retryAfterSeconds !== undefined) response.headers.set('retry-after', String(error.retryAfterSeconds));
    return response;
  }
  log.error(`unhandled error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return textResponse(500, unexpectedErrorText);
}

interface ValidationFailure {
  /** Which part of the request failed: body, query, params or headers. */
  type: string;
  validator: unknown;
  value: unknown;
}

/**
 * Builds SCHEMA_ERROR from Elysia's validation failure. Elysia flattens Standard Schema paths
 * to "[object Object]", so the value is validated again here to get readable paths.
 */
export function schemaErrorFromValidation(failure: ValidationFailure, request: Request): KnownError {
  const schema = findValibotSchema(failure.validator);
  const issues = schema ? (v.safeParse(schema, failure.value).issues ?? []) : [];
  return schemaErrorFromIssues(request.method, requestPath(request.url), failure.type, issues);
}

function findValibotSchema(validator: unknown): v.GenericSchema | undefined {
  for (const candidate of [validator, (validator as { schema?: unknown } | null)?.schema]) {
    if (candidate && typeof candidate === 'object' && (candidate as { kind?: unknown }).kind === 'schema') {
      return candidate as v.GenericSchema;
    }
  }
  return undefined;
}
