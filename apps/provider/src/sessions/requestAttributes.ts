import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { SessionAttributes } from './sessionRow';

/** `Session.attributes` of the request: the socket's address and the User-Agent header. */
export function requestAttributes(c: Context): SessionAttributes {
  let ip_address = '';
  try {
    ip_address = getConnInfo(c).remote.address ?? '';
  } catch {
    // In-process requests (tests, msw) have no socket.
  }
  return { ip_address, user_agent: (c.req.header('User-Agent') ?? '').slice(0, 512) };
}
