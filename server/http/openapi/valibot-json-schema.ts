// Converts the valibot schemas routes validate with into JSON Schema (draft 2020-12, the
// dialect of OpenAPI 3.1), so the published API description cannot drift from what is enforced.
// It describes the input a schema accepts: a pipe stops at its first transformation.
import type * as v from 'valibot';

export type JsonSchema = Record<string, unknown>;

type AnySchema = v.GenericSchema & Record<string, any>;
type PipeItem = { kind: string; type: string } & Record<string, any>;

export function toJsonSchema(schema: v.GenericSchema): JsonSchema {
  return convert(schema as AnySchema, 0);
}

/** Whether an object entry may be left out (optional, nullish, exact_optional). */
export function isOptionalEntry(schema: v.GenericSchema): boolean {
  const type = (schema as AnySchema).type;
  return type === 'optional' || type === 'nullish' || type === 'exact_optional' || type === 'undefinedable';
}

const maxDepth = 40;

function convert(schema: AnySchema, depth: number): JsonSchema {
  if (depth > maxDepth) return {};
  const pipe: PipeItem[] | undefined = Array.isArray(schema.pipe) ? schema.pipe : undefined;
  let result = convertBase(schema, depth);
  if (!pipe) return result;
  for (const item of pipe.slice(1)) {
    if (item.kind === 'transformation') break;
    if (item.kind === 'schema') {
      result = mergeSchemas(result, convert(item as AnySchema, depth + 1));
      continue;
    }
    if (item.kind === 'metadata') {
      if (item.type === 'description') result.description = item.description;
      if (item.type === 'title') result.title = item.title;
      continue;
    }
    applyValidation(result, item);
  }
  return result;
}

/** A piped-in schema narrows the value: a schema with no content of its own is replaced. */
function mergeSchemas(first: JsonSchema, second: JsonSchema): JsonSchema {
  if (Object.keys(first).length === 0) return second;
  if (Object.keys(second).length === 0) return first;
  return { allOf: [first, second] };
}

function convertBase(schema: AnySchema, depth: number): JsonSchema {
  switch (schema.type) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'literal':
      return { const: schema.literal };
    case 'picklist':
      return { enum: [...schema.options] };
    case 'enum':
      return { enum: Object.values(schema.enum) };
    case 'array':
      return { type: 'array', items: convert(schema.item, depth + 1) };
    case 'object':
    case 'loose_object':
    case 'strict_object':
    case 'object_with_rest':
      return convertObject(schema, depth);
    case 'record':
      return { type: 'object', additionalProperties: convert(schema.value, depth + 1) };
    case 'optional':
    case 'exact_optional':
    case 'undefinedable':
      return withDefault(convert(schema.wrapped, depth + 1), schema.default);
    case 'nullable':
    case 'nullish':
      return withDefault(allowNull(convert(schema.wrapped, depth + 1)), schema.default);
    case 'union':
    case 'variant':
      return { anyOf: (schema.options as AnySchema[]).map((option) => convert(option, depth + 1)) };
    case 'intersect':
      return { allOf: (schema.options as AnySchema[]).map((option) => convert(option, depth + 1)) };
    case 'lazy':
      return convert(schema.getter(undefined), depth + 1);
    // custom checks and unknown values accept anything JSON Schema can say no more about.
    case 'custom':
    case 'unknown':
    case 'any':
      return {};
    default:
      return { description: `(${schema.type})` };
  }
}

function convertObject(schema: AnySchema, depth: number): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, entry] of Object.entries(schema.entries as Record<string, AnySchema>)) {
    properties[key] = convert(entry, depth + 1);
    if (!isOptionalEntry(entry)) required.push(key);
  }
  const result: JsonSchema = { type: 'object', properties };
  if (required.length > 0) result.required = required;
  if (schema.type === 'strict_object') result.additionalProperties = false;
  if (schema.type === 'object_with_rest') result.additionalProperties = convert(schema.rest, depth + 1);
  return result;
}

function allowNull(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  if ('const' in schema) return { enum: [schema.const, null] };
  if (Array.isArray(schema.enum)) return { ...schema, enum: [...schema.enum, null] };
  return { anyOf: [schema, { type: 'null' }] };
}

function withDefault(schema: JsonSchema, fallback: unknown): JsonSchema {
  return fallback === undefined || typeof fallback === 'function' ? schema : { ...schema, default: fallback };
}

function applyValidation(target: JsonSchema, action: PipeItem): void {
  // On a union or allOf the constraint belongs to whichever branch is a string or array; JSON
  // Schema applies string keywords only to strings, so putting them on the whole is still exact.
  const isArray = target.type === 'array';
  switch (action.type) {
    case 'min_length':
    case 'non_empty':
      target[isArray ? 'minItems' : 'minLength'] = action.type === 'non_empty' ? 1 : action.requirement;
      break;
    case 'max_length':
      target[isArray ? 'maxItems' : 'maxLength'] = action.requirement;
      break;
    case 'length':
      target[isArray ? 'minItems' : 'minLength'] = action.requirement;
      target[isArray ? 'maxItems' : 'maxLength'] = action.requirement;
      break;
    case 'min_value':
      target.minimum = action.requirement;
      break;
    case 'max_value':
      target.maximum = action.requirement;
      break;
    case 'integer':
      target.type = 'integer';
      break;
    case 'regex':
      target.pattern = (action.requirement as RegExp).source;
      break;
    case 'starts_with':
      target.pattern = `^${escapeRegExp(String(action.requirement))}`;
      break;
    case 'email':
      target.format = 'email';
      break;
    case 'url':
      target.format = 'uri';
      break;
    case 'uuid':
      target.format = 'uuid';
      break;
    // `check` runs code JSON Schema cannot express; the document's error list covers it.
    default:
      break;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
