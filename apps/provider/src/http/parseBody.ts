import type { Context } from 'hono';
import { formatIssue, type Schema } from '../validate';
import { ApiFailure } from './ApiFailure';
import type { AppEnv } from './deps';

export const MAX_BODY_BYTES = 256 * 1024;

/** The request's JSON, or undefined for an empty body; malformed JSON is a 400 `invalid_json`. */
export async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const declared = Number(c.req.header('Content-Length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw tooLarge();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiFailure('invalid_json', 400, 'The request body is not valid JSON.');
  }
}

/**
 * Reads and validates the JSON body in one call. An empty body counts as `{}` (GET-like POSTs);
 * a wrong shape answers `missing_field` / `invalid_field` naming the field.
 */
export async function parseBody<T>(c: Context<AppEnv>, schema: Schema<T>): Promise<T> {
  const raw = await readJson(c);
  const r = schema.parse(raw === undefined ? {} : raw, '');
  if (r.ok) return r.value;
  const { issue } = r;
  if (issue.path === '') throw new ApiFailure('bad_request', 400, `The request body: ${issue.message}.`);
  if (issue.kind === 'missing')
    throw new ApiFailure('missing_field', 400, `${issue.path} is a required field.`);
  throw new ApiFailure('invalid_field', 400, `${formatIssue(issue)}.`);
}

const tooLarge = (): ApiFailure =>
  new ApiFailure('bad_request', 413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
