import * as v from 'valibot';
import { issuePath } from '@latch/api';
import type { Schema } from './schemas';

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Parses a value from the other side of a trust boundary. The first issue only (parsing stops
 * there), as `path: problem`, e.g. `styles.colors.primary: expected a string, got number`.
 */
export function readValue<T>(schema: Schema<T>, value: unknown, path = ''): Result<T> {
  const r = v.safeParse(schema, value, { abortEarly: true });
  if (r.success) return { ok: true, value: r.output };
  const [issue] = r.issues;
  return { ok: false, error: `${issuePath(issue, path) || 'value'}: ${issue.message}` };
}

/** Parses or throws a TypeError naming what was wrong; for method handlers. */
export function expectValue<T>(schema: Schema<T>, value: unknown, what: string): T {
  const r = readValue(schema, value);
  if (!r.ok) throw new TypeError(`Invalid ${what}: ${r.error}`);
  return r.value;
}
