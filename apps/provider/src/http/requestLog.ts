import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from './deps';
import type { Logger } from './logger';
import { httpRequestDuration } from '../metrics/metrics';

/**
 * One `request` line per request once its response is built: the request id (as in the
 * `X-Request-Id` header), method, the pattern of the route that answered
 * (`/v1/sessions/jwks/:project_id`; `/*` when a middleware answered, e.g. a 413, or no route
 * matched), status and milliseconds spent. Never the URL: its path and query can carry tokens
 * (magic links, OAuth codes), and never headers or bodies. A streamed body may still be going out
 * when the line is written: `duration_ms` is the time to the response, not to its last byte.
 */
export const requestLog =
  (logger: Logger): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    // After `next()`, the route index is that of the deepest handler that ran: the one that answered.
    const [method, route, status] = [c.req.method, routePath(c), c.res.status];
    httpRequestDuration.observe({ method, route, status }, ms / 1000);
    logger.info(
      { request_id: c.get('requestId'), method, route, status, duration_ms: Math.round(ms * 100) / 100 },
      'request',
    );
  };
