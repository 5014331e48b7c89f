import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { AppEnv } from './deps';

/**
 * The Node request behind `c` when the provider serves a socket (`@hono/node-server` passes it as
 * `c.env.incoming`); undefined in-process (`app.request`, msw), where there is no connection.
 */
export const nodeIncoming = (c: Context<AppEnv>): IncomingMessage | undefined =>
  (c.env as AppEnv['Bindings'] | undefined)?.incoming;
