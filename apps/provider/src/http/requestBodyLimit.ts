import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './deps';
import { errorResponse } from './envelope';

export const MAX_BODY_BYTES = 256 * 1024;

/** The methods whose routes read a body. */
const TAKES_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Every route's body (JSON and form alike) is cut off at `MAX_BODY_BYTES` while it streams in: a
 * declared Content-Length over the limit is refused before a byte is read, and a chunked body
 * stops being read at the limit, so memory stays flat under many concurrent oversized bodies.
 */
export const requestBodyLimit = (): MiddlewareHandler<AppEnv> => {
  const tooLarge = (c: Context<AppEnv>): Response =>
    errorResponse(c, 'bad_request', `The request body is larger than ${MAX_BODY_BYTES} bytes.`, 413);
  const streamed = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  // The cases hono's bodyLimit settles from the request line and headers alone, settled here first:
  // it asks for `c.req.raw.body`, which on Node builds a web-stream Request per call (a tenth of a
  // refresh's time) and the route can no longer read the body straight from the socket.
  return async (c, next) => {
    // No route of these methods takes a body: none is read (`keepAliveFraming` sees to the connection).
    if (!TAKES_BODY.has(c.req.method)) return next();
    const declared = c.req.header('Content-Length');
    if (declared !== undefined && c.req.header('Transfer-Encoding') === undefined) {
      return parseInt(declared, 10) > MAX_BODY_BYTES ? tooLarge(c) : next();
    }
    return streamed(c, next);
  };
};
