/** A value as a request's author wrote it, short enough to quote in an error message. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** The message of a value of the wrong kind: `expected a string, got 7`. */
export const expected =
  (what: string) =>
  (issue: { input: unknown }): string =>
    `expected ${what}, got ${describe(issue.input)}`;
