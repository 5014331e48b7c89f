import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './deps';
import { setResponseHeader } from './setResponseHeader';

const HEADER = 'X-Content-Type-Options';

/**
 * Every answer carries `X-Content-Type-Options: nosniff`, so no browser runs or styles an answer
 * as anything but its declared type (a JSON error quoting input read as HTML or script).
 */
export const noSniff = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  // Set up front, it joins every answer built with `c`; raw `Response`s get it after.
  c.header(HEADER, 'nosniff');
  await next();
  if (c.res.headers.get(HEADER) !== 'nosniff') setResponseHeader(c, HEADER, 'nosniff');
};
