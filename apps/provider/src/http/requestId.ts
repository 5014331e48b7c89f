import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './deps';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Stytch-style ids, so logs and envelopes from our provider read like the hosted one's. */
export const newRequestId = (): string => `request-id-test-${randomUUID()}`;

/** Every response carries its id in a header (raw `Response`s too); envelopes repeat it as `request_id`. */
export const requestId = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const id = newRequestId();
  c.set('requestId', id);
  c.header(REQUEST_ID_HEADER, id);
  await next();
  if (c.res.headers.get(REQUEST_ID_HEADER) === id) return;
  try {
    c.res.headers.set(REQUEST_ID_HEADER, id);
  } catch {
    // Immutable headers (a Response from fetch): copy it once.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(REQUEST_ID_HEADER, id);
  }
};
