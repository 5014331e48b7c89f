import type { Context } from 'hono';
import { issuePath } from '@latch/api';
import * as v from 'valibot';
import type { AppEnv } from './deps';
import { AuthError } from '../errors/AuthError';

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
    throw new AuthError('invalid_json', 'The request body is not valid JSON.');
  }
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
  if (path === '') throw new AuthError('bad_request', `The request body: ${issue.message}.`);
  // Valibot marks a key an object lacks with a last path item of type `object` and origin `key`.
  const last = issue.path?.at(-1);
  if (last?.type === 'object' && last.origin === 'key') {
    throw new AuthError('missing_field', `${path} is a required field.`);
  }
  throw new AuthError('invalid_field', `${path}: ${issue.message}.`);
}

/** Reads and validates the JSON body in one call. An empty body counts as `{}` (GET-like POSTs). */
export async function parseBody<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  schema: S,
): Promise<v.InferOutput<S>> {
  const raw = await readJson(c);
  return validateBody(schema, raw === undefined ? {} : raw);
}
