import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './deps';
import { errorResponse } from './envelope';

export const MAX_BODY_BYTES = 256 * 1024;

/**
 * Every route's body (JSON and form alike) is cut off at `MAX_BODY_BYTES` while it streams in: a
 * declared Content-Length over the limit is refused before a byte is read, and a chunked body
 * stops being read at the limit, so memory stays flat under many concurrent oversized bodies.
 */
export const requestBodyLimit = (): MiddlewareHandler<AppEnv> =>
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      errorResponse(c, 'bad_request', 413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`),
  });
