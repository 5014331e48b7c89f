import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './deps';
import { setResponseHeader } from './setResponseHeader';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Stytch-style ids, so logs and envelopes from our provider read like the hosted one's. */
export const newRequestId = (): string => `request-id-test-${randomUUID()}`;

/** Every response carries its id in a header (raw `Response`s too); envelopes repeat it as `request_id`. */
export const requestId = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const id = newRequestId();
  c.set('requestId', id);
  c.header(REQUEST_ID_HEADER, id);
  await next();
  if (c.res.headers.get(REQUEST_ID_HEADER) !== id) setResponseHeader(c, REQUEST_ID_HEADER, id);
};
