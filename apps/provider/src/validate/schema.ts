/**
 * A tiny runtime validator for request bodies and the config file. Every failure names its JSON path
 * and says whether the value was missing or wrong, so the API can answer `missing_field` or
 * `invalid_field` and the config loader can point at the offending line.
 */

export interface Issue {
  kind: 'missing' | 'invalid';
  /** JSON path, e.g. `projects[0].authorized_origins[1]`; empty for the root. */
  path: string;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; issue: Issue };

export interface Schema<T> {
  parse(value: unknown, path: string): Result<T>;
}

export type Infer<S> = S extends Schema<infer T> ? T : never;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const invalid = (path: string, message: string): Result<never> => ({
  ok: false,
  issue: { kind: 'invalid', path, message },
});

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

export const expected = (path: string, what: string, value: unknown): Result<never> =>
  invalid(path, `expected ${what}, got ${describe(value)}`);

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export const childPath = (parent: string, key: string | number): string =>
  typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key;

/** Formats an issue for people: `projects[0].name: expected a string, got 3`. */
export const formatIssue = (issue: Issue): string => `${issue.path || '(root)'}: ${issue.message}`;
