import type { ErrorEnvelope, ErrorType, ResponseMeta } from '@latch/api';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './deps';
import { ERROR_STATUS } from './errorStatus';

/** Each error type has an anchor in docs/errors.md; the published copy lives here. */
export const ERROR_DOCS_URL = 'https://latch.dev/docs/errors';

export const errorUrl = (errorType: string): string => `${ERROR_DOCS_URL}#${errorType}`;

export function errorEnvelope(
  requestId: string,
  error_type: ErrorType,
  status: number,
  message: string,
): ErrorEnvelope {
  return {
    status_code: status,
    request_id: requestId,
    error_type,
    error_message: message,
    error_url: errorUrl(error_type),
  };
}

/**
 * The error envelope: `status_code`, `request_id`, `error_type`, `error_message`, `error_url` at the
 * top level, with the type's status (`ERROR_STATUS`); transport failures (a body too large, an
 * unreadable request) pass the status HTTP gives them.
 */
export function errorResponse(
  c: Context<AppEnv>,
  error_type: ErrorType,
  message: string,
  status: number = ERROR_STATUS[error_type],
): Response {
  return c.json(
    errorEnvelope(c.get('requestId'), error_type, status, message),
    status as ContentfulStatusCode,
  );
}

/**
 * An answer whose JSON is already written (a session refresh answered again unchanged): the
 * envelope splices the JSON in instead of serializing `data` again. `json` is `data`'s JSON, which
 * carries no `request_id` or `status_code` of its own.
 */
export class SerializedAnswer<T extends object> {
  constructor(
    readonly data: T,
    readonly json: string,
  ) {}
}

/** The success envelope: the payload under `data`, with `request_id` and `status_code`. */
export function successResponse<T extends object>(
  c: Context<AppEnv>,
  data: T | SerializedAnswer<T>,
  status = 200,
): Response {
  const meta: ResponseMeta = { request_id: c.get('requestId'), status_code: status };
  if (data instanceof SerializedAnswer) {
    // The text `c.json` below would write: data's JSON without its closing brace, then meta's fields.
    const fields = data.json === '{}' ? '{' : `${data.json.slice(0, -1)},`;
    const body = `{"data":${fields}"request_id":${JSON.stringify(meta.request_id)},"status_code":${status}}}`;
    return c.body(body, status as ContentfulStatusCode, { 'Content-Type': 'application/json' });
  }
  // Object.assign, not `{ ...data, ...meta }`: V8 builds a literal that spreads an object and then
  // adds keys on a slow path, and every answer of the API goes through here.
  return c.json({ data: Object.assign({}, data, meta) }, status as ContentfulStatusCode);
}

/**
 * The backend API's success shape (`/v1/*` with the project secret), as the hosted backend API
 * answers and server SDKs read it: the fields at the top level beside `request_id` and `status_code`.
 */
export function flatResponse<T extends object>(c: Context<AppEnv>, data: T, status = 200): Response {
  const meta: ResponseMeta = { request_id: c.get('requestId'), status_code: status };
  return c.json(Object.assign(meta, data), status as ContentfulStatusCode);
}
