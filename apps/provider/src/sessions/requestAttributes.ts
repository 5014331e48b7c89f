import type { Context } from 'hono';
import { clientAddress, type TrustProxy } from '../http/clientAddress';
import type { SessionAttributes } from './sessionRow';

/** `Session.attributes` of the request: the visitor's address (`clientAddress`) and the User-Agent header. */
export function requestAttributes(c: Context, trustProxy: TrustProxy): SessionAttributes {
  return {
    ip_address: clientAddress(c, trustProxy),
    user_agent: (c.req.header('User-Agent') ?? '').slice(0, 512),
  };
}
