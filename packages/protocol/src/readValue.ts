import * as v from 'valibot';
import type { Schema } from './schemas';

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** `config.products[0]`: where in the value an issue is, after `path` (the value's own name). */
function issuePath(issue: v.BaseIssue<unknown>, path: string): string {
  for (const item of issue.path ?? []) {
    const key: unknown = item.key;
    path += typeof key === 'number' ? `[${key}]` : path ? `.${String(key)}` : String(key);
  }
  return path || 'value';
}

/**
 * Parses a value from the other side of a trust boundary. The first issue only (parsing stops
 * there), as `path: problem`, e.g. `styles.colors.primary: expected a string, got number`.
 */
export function readValue<T>(schema: Schema<T>, value: unknown, path = ''): Result<T> {
  const r = v.safeParse(schema, value, { abortEarly: true });
  if (r.success) return { ok: true, value: r.output };
  const [issue] = r.issues;
  return { ok: false, error: `${issuePath(issue, path)}: ${issue.message}` };
}

/** Parses or throws a TypeError naming what was wrong; for method handlers. */
export function expectValue<T>(schema: Schema<T>, value: unknown, what: string): T {
  const r = readValue(schema, value);
  if (!r.ok) throw new TypeError(`Invalid ${what}: ${r.error}`);
  return r.value;
}
