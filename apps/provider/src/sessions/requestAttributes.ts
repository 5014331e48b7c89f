import type { Context } from 'hono';
import { clientAddress } from '../http/clientAddress';
import type { SessionAttributes } from './sessionRow';

/** `Session.attributes` of the request: the socket's address and the User-Agent header. */
export function requestAttributes(c: Context): SessionAttributes {
  return { ip_address: clientAddress(c), user_agent: (c.req.header('User-Agent') ?? '').slice(0, 512) };
}
