// One readable line per valibot issue, "path: message", used by HTTP SCHEMA_ERROR bodies and
// by CLI error lines so both describe a bad value the same way.
import * as v from 'valibot';
import { knownError } from './known-errors';

/**
 * Longest problem line kept. Valibot quotes a received string in full in some messages, and an
 * unknown property's name can be as long as the body; an error must not echo the input back.
 */
const maxProblemLength = 200;

/** Problems listed in one SCHEMA_ERROR; a body can hold thousands of bad items. */
export const maxListedProblems = 20;

function shortened(line: string): string {
  return line.length <= maxProblemLength ? line : `${line.slice(0, maxProblemLength)}…`;
}

/**
 * One problem as Stack's validator words it, path first: "body.email must be defined",
 * "body contains unknown properties: x", "query.redirect_uri is not a valid URL",
 * "body.expires_in_millis must be less than or equal to 31708800000". Rules of authd's own
 * (a custom message on a check Stack does not have) keep "path: message".
 */
/** A path as Stack writes it: `body.config.oauth_providers[0].client_secret`. */
function pathOf(root: string | undefined, items: readonly { key: unknown }[]): string {
  let path = root ?? '';
  for (const { key } of items) {
    if (typeof key === 'number') path += `[${key}]`;
    else path += path ? `.${String(key)}` : String(key);
  }
  return path;
}

function describeIssue(issue: v.BaseIssue<unknown>, root: string | undefined): string {
  const items = issue.path ?? [];
  const path = pathOf(root, items);
  const objectIssue = issue.type === 'strict_object' || issue.type === 'object' || issue.type === 'loose_object';
  if (objectIssue && issue.expected === 'never') {
    const parent = pathOf(root, items.slice(0, -1));
    return `${parent || 'value'} contains unknown properties: ${String(items.at(-1)?.key ?? issue.received)}`;
  }
  if (objectIssue && issue.received === 'undefined') return `${path} must be defined`;
  if (issue.type === 'url') return `${path} is not a valid URL`;
  if (issue.type === 'max_value') return `${path} must be less than or equal to ${String(issue.requirement)}`;
  if (issue.type === 'min_value') return `${path} must be greater than or equal to ${String(issue.requirement)}`;
  // Valibot's own wording ("Invalid length: …") means the schema set none: say it as Stack does.
  const defaultWording = issue.message.startsWith('Invalid ');
  if (defaultWording && (issue.type === 'non_empty' || (issue.type === 'min_length' && issue.requirement === 1))) {
    return `${path} must not be empty`;
  }
  if (defaultWording && issue.type === 'max_length') return `${path} must be at most ${String(issue.requirement)} characters`;
  return path ? `${path}: ${issue.message}` : issue.message;
}

export function describeValidationIssues(issues: readonly v.BaseIssue<unknown>[], root?: string): string[] {
  return issues.map((issue) => shortened(describeIssue(issue, root)));
}

/** SCHEMA_ERROR as Stack words it: the endpoint, then one "  - path: problem" line each. */
export function schemaError(method: string, pathname: string, problems: readonly string[]) {
  const lines = problems.map((line) => `  - ${line}`);
  return knownError('SCHEMA_ERROR', [`Request validation failed on ${method} ${pathname}:`, ...lines].join('\n'));
}

export function schemaErrorFromIssues(method: string, pathname: string, part: string, issues: readonly v.BaseIssue<unknown>[]) {
  const problems = describeValidationIssues(issues.slice(0, maxListedProblems), part);
  if (problems.length === 0) problems.push(`${part}: is invalid`);
  const error = schemaError(method, pathname, problems);
  if (issues.length <= maxListedProblems) return error;
  return schemaError(method, pathname, [...problems, `… and ${issues.length - maxListedProblems} more problems`]);
}

/**
 * Requests stop at their first problem. Collecting every problem of a 1 MB array of bad items
 * took valibot half a second per request, a cheap way to keep a server busy; the first problem
 * is what a client needs to fix its call.
 */
export const requestValidationConfig = { abortEarly: true } as const;

/** Validates with a schema chosen at run time (e.g. by access level), failing as SCHEMA_ERROR. */
export function parseRequestPart<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  request: { method: string; pathname: string; part: string },
): v.InferOutput<S> {
  const result = v.safeParse(schema, value, requestValidationConfig);
  if (result.success) return result.output;
  throw schemaErrorFromIssues(request.method, request.pathname, request.part, result.issues);
}
