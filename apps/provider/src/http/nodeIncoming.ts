import { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { AppEnv } from './deps';

/**
 * The Node request behind `c` when the provider serves a socket (`@hono/node-server` passes it as
 * `c.env.incoming`); undefined in-process (`app.request`, msw), where there is no connection, and
 * for the stand-in some tests pass to give a request a client address.
 */
export function nodeIncoming(c: Context<AppEnv>): IncomingMessage | undefined {
  const incoming: unknown = (c.env as Partial<AppEnv['Bindings']> | undefined)?.incoming;
  return incoming instanceof IncomingMessage ? incoming : undefined;
}
