import type { Context } from 'hono';
import * as v from 'valibot';
import { ApiFailure } from './ApiFailure';
import type { AppEnv } from './deps';

/**
 * The request's JSON, or undefined for an empty body; malformed JSON is a 400 `invalid_json`.
 * Its size was bounded while it streamed in (`requestBodyLimit`, in front of every route).
 */
export async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiFailure('invalid_json', 400, 'The request body is not valid JSON.');
  }
}

/** A Valibot issue's path as a developer writes it: `[0].event.event_name`, empty for the root. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  let path = '';
  for (const item of issue.path ?? []) {
    const key: unknown = item.key;
    path += typeof key === 'number' ? `[${key}]` : path === '' ? String(key) : `.${String(key)}`;
  }
  return path;
}

/**
 * Checks a request body against its schema; the first problem answers 400: `missing_field` for an
 * absent key, `invalid_field` for a wrong value, `bad_request` for a body that is the wrong kind.
 */
export function validateBody<S extends v.GenericSchema>(schema: S, raw: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, raw, { abortEarly: true });
  if (result.success) return result.output;
  const [issue] = result.issues;
  const path = issuePath(issue);
  if (path === '') throw new ApiFailure('bad_request', 400, `The request body: ${issue.message}.`);
  // Valibot marks a key an object lacks with a last path item of type `object` and origin `key`.
  const last = issue.path?.at(-1);
  if (last?.type === 'object' && last.origin === 'key') {
    throw new ApiFailure('missing_field', 400, `${path} is a required field.`);
  }
  throw new ApiFailure('invalid_field', 400, `${path}: ${issue.message}.`);
}

/** Reads and validates the JSON body in one call. An empty body counts as `{}` (GET-like POSTs). */
export async function parseBody<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  schema: S,
): Promise<v.InferOutput<S>> {
  const raw = await readJson(c);
  return validateBody(schema, raw === undefined ? {} : raw);
}
