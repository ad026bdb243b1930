// How route schemas reach Elysia. Elysia validates them through Standard Schema, and when one
// fails it builds its ValidationError eagerly: the constructor pretty-prints the whole received
// value together with every issue (and each valibot issue holds its parent value), on the event
// loop, whether or not anyone reads the message. A 16 KB nested body blocked the server for
// seconds, a 1 MB array of invalid items for over a minute. So each route's schemas are handed
// to Elysia wrapped: the same valibot schema validates, and a failure throws
// SchemaValidationFailure, which carries only the issues; onError turns it into SCHEMA_ERROR
// naming the request, exactly as before, without ever serialising the received value.
import * as v from 'valibot';
import { requestValidationConfig } from '../protocol/validation-messages';

/** The request parts a route can declare a schema for. */
const schemaParts = ['body', 'query', 'params', 'headers'] as const;

export class SchemaValidationFailure extends Error {
  constructor(
    readonly part: string,
    readonly issues: readonly v.BaseIssue<unknown>[],
  ) {
    super(`request ${part} failed validation`);
    this.name = 'SchemaValidationFailure';
  }
}

function isValibotSchema(value: unknown): value is v.GenericSchema {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema' && '~standard' in value;
}

/**
 * Bodies up to this size get every problem listed, as Stack lists them; larger ones only the
 * first (requestValidationConfig says why).
 */
const everyProblemListedUpToBytes = 64 * 1024;

/** The length of the text each parsed body object came from (only bodies are ever large). */
const parsedBodyLengths = new WeakMap<object, number>();

export function rememberParsedBodyLength(body: unknown, length: number): void {
  if (typeof body === 'object' && body !== null) parsedBodyLengths.set(body, length);
}

/** Validates a request part: the output, or the issues to report. */
export function validateRequestValue<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
): { success: true; output: v.InferOutput<S> } | { success: false; issues: readonly v.BaseIssue<unknown>[] } {
  const first = v.safeParse(schema, value, requestValidationConfig);
  if (first.success) return { success: true, output: first.output };
  const length = typeof value === 'object' && value !== null ? parsedBodyLengths.get(value) : undefined;
  if (length === undefined || length > everyProblemListedUpToBytes) return { success: false, issues: first.issues };
  return { success: false, issues: v.safeParse(schema, value).issues ?? first.issues };
}

/** A Standard Schema object that validates with `schema` and throws instead of returning issues. */
function throwingStandardSchema(part: string, schema: v.GenericSchema) {
  return {
    // Kept for the OpenAPI document, which describes routes from their schemas.
    [wrappedSchema]: schema,
    '~standard': {
      version: 1 as const,
      vendor: 'authd',
      validate(value: unknown) {
        const result = validateRequestValue(schema, value);
        if (!result.success) throw new SchemaValidationFailure(part, result.issues);
        return { value: result.output };
      },
    },
  };
}

const wrappedSchema = Symbol('valibot schema');

/** The valibot schema a route declared for a request part, whether or not it was wrapped here. */
export function declaredRouteSchema(hookValue: unknown): v.GenericSchema | undefined {
  if (isValibotSchema(hookValue)) return hookValue;
  if (typeof hookValue === 'object' && hookValue !== null && wrappedSchema in hookValue) {
    return (hookValue as { [wrappedSchema]: v.GenericSchema })[wrappedSchema];
  }
  return undefined;
}

type RouteHook = Record<string, unknown> | undefined;
type AddRoute = (method: string, path: string, handle: unknown, hook: RouteHook, ...rest: unknown[]) => unknown;

/**
 * Makes every route added to `app` from now on validate through throwingStandardSchema. Elysia
 * has no public hook between a route's options and its validators, so this wraps the one
 * method all of get/post/patch/put/delete go through; test/api/hostile-bodies.test.ts fails
 * if an Elysia upgrade routes around it.
 */
export function validateRoutesWithoutEcho<App extends object>(app: App): App {
  const target = app as unknown as { add: AddRoute };
  const add = target.add.bind(app);
  target.add = (method, path, handle, hook, ...rest) => {
    if (hook) {
      hook = { ...hook };
      for (const part of schemaParts) {
        const schema = hook[part];
        if (isValibotSchema(schema)) hook[part] = throwingStandardSchema(part, schema);
      }
    }
    return add(method, path, handle, hook, ...rest);
  };
  return app;
}
