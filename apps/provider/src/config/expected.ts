import type * as v from 'valibot';

/** The offending value as an operator recognises it in their file (long strings cut short). */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** A schema message `expected <what>, got <the value>`, e.g. `expected a string, got 3`. */
export const expected =
  (what: string) =>
  (issue: v.BaseIssue<unknown>): string =>
    `expected ${what}, got ${describe(issue.input)}`;
