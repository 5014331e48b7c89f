import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { AuthError } from '../errors/AuthError';
import type { AppEnv } from './deps';
import { errorResponse } from './envelope';
import { errorSummary } from './errorSummary';
import { nodeIncoming } from './nodeIncoming';
import type { Logger } from './logger';
import { REQUEST_ID_HEADER } from './requestId';

/** `AuthError`s answer their envelope; anything else is logged and answered as a 500 envelope. */
export const handleError =
  (logger: Logger): ErrorHandler<AppEnv> =>
  (error, c) => {
    // Thrown before the request id middleware ran (should not happen, but never answer without one).
    if (!c.get('requestId')) c.set('requestId', 'request-id-test-unknown');
    c.header(REQUEST_ID_HEADER, c.get('requestId'));
    if (error instanceof AuthError) {
      if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
      return errorResponse(c, error.error_type, error.message);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, 'bad_request', error.message || 'The request could not be read.', error.status);
    }
    // The client went away mid-body (reading it failed): its matter, not ours, and nobody reads the answer.
    const incoming = nodeIncoming(c);
    if (incoming !== undefined && incoming.destroyed && !incoming.complete) {
      logger.debug(
        { request_id: c.get('requestId'), method: c.req.method, route: routePath(c) },
        'client closed the connection before sending its whole request',
      );
      return errorResponse(
        c,
        'bad_request',
        'The client closed the connection before sending its whole request.',
      );
    }
    // The route pattern, not the path: a path can carry a token. The summary, not the error: see errorSummary.
    logger.error(
      {
        request_id: c.get('requestId'),
        method: c.req.method,
        route: routePath(c),
        error: errorSummary(error),
      },
      'request failed',
    );
    return errorResponse(c, 'internal_server_error', 'Something went wrong on our side. Please try again.');
  };

export const handleNotFound: NotFoundHandler<AppEnv> = (c) =>
  errorResponse(c, 'not_found', `No route matches ${c.req.method} ${c.req.path}.`);
