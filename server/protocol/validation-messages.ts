// One readable line per valibot issue, "path: message", used by HTTP SCHEMA_ERROR bodies and
// by CLI error lines so both describe a bad value the same way.
import * as v from 'valibot';
import { knownError } from './known-errors';

export function describeValidationIssues(issues: readonly v.BaseIssue<unknown>[], root?: string): string[] {
  return issues.map((issue) => {
    const path = [root, v.getDotPath(issue)].filter(Boolean).join('.');
    const objectIssue = issue.type === 'strict_object' || issue.type === 'object';
    let message = issue.message;
    if (objectIssue && issue.expected === 'never') message = `unknown property ${issue.received} is not allowed`;
    else if (objectIssue && issue.received === 'undefined') message = 'is required';
    return path ? `${path}: ${message}` : message;
  });
}

/** SCHEMA_ERROR as Stack words it: the endpoint, then one "  - path: problem" line each. */
export function schemaErrorFromIssues(method: string, pathname: string, part: string, issues: readonly v.BaseIssue<unknown>[]) {
  const problems = describeValidationIssues(issues, part).map((line) => `  - ${line}`);
  if (problems.length === 0) problems.push(`  - ${part}: is invalid`);
  return knownError('SCHEMA_ERROR', [`Request validation failed on ${method} ${pathname}:`, ...problems].join('\n'));
}

/** Validates with a schema chosen at run time (e.g. by access level), failing as SCHEMA_ERROR. */
export function parseRequestPart<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  request: { method: string; pathname: string; part: string },
): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  throw schemaErrorFromIssues(request.method, request.pathname, request.part, result.issues);
}
