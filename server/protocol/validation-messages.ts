// One readable line per valibot issue, "path: message", used by HTTP SCHEMA_ERROR bodies and
// by CLI error lines so both describe a bad value the same way.
import * as v from 'valibot';

export function describeValidationIssues(issues: readonly v.BaseIssue<unknown>[], root?: string): string[] {
  return issues.map((issue) => {
    const path = [root, v.getDotPath(issue)].filter(Boolean).join('.');
    const message =
      issue.type === 'strict_object' && issue.expected === 'never'
        ? `unknown property ${issue.received} is not allowed`
        : issue.message;
    return path ? `${path}: ${message}` : message;
  });
}
