import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './deps';
import { nodeIncoming } from './nodeIncoming';
import { MAX_BODY_BYTES } from './requestBodyLimit';
import { setResponseHeader } from './setResponseHeader';

/** How long a closing connection still takes (and drops) what its client sends after the answer. */
const LINGER_MS = 2000;
/** How much of an unread body a closing connection drops before it stops listening. */
const LINGER_BYTES = 1024 * 1024;

/**
 * Whether Node may read the rest of an unread body off the connection and serve the next request
 * on it: only a body never started and declared no larger than any route takes.
 */
function drainable(incoming: IncomingMessage): boolean {
  if (incoming.readableDidRead || incoming.headers['transfer-encoding'] !== undefined) return false;
  const declared = Number(incoming.headers['content-length'] ?? '0');
  return Number.isSafeInteger(declared) && declared <= MAX_BODY_BYTES;
}

/**
 * Ends the connection after its answer without losing the answer: half-closes it, drops what the
 * client still sends (its body's tail) up to `LINGER_BYTES`, then stops reading, and closes it
 * once the client does or `LINGER_MS` have passed. Closing at once with unread bytes would reset
 * the connection, and a client whose write fails on the reset may never read the answer; a
 * client that stops being read only waits until then.
 */
function lingerThenClose(incoming: IncomingMessage): void {
  const socket = incoming.socket;
  // Node ends a `Connection: close` answer with `destroySoon()`, which closes as soon as the answer
  // is written, with the body's tail unread: this socket lingers instead.
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  // A body a route began reading stays paused where the route left it: nothing more is read.
  if (incoming.readableDidRead) return;
  // A body no route read: dropped here as it arrives (Node's own drain would read it whole), and
  // no longer read past the bound (Node then stops reading the socket).
  let dropped = 0;
  incoming.on('error', () => undefined);
  incoming.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) incoming.pause();
  });
}

/**
 * Keeps a reused connection's framing sound when the answer goes out before the request's body was
 * read to its end (a 413, a 401 before the body, a body on a GET, a refused path): a small declared
 * body is drained and the connection kept; anything else (a chunked body, one over the limit, one
 * a route began reading) gets `Connection: close`, so the client never sends its next request on a
 * connection that is about to close, and the connection closes without losing the answer.
 * Without a Node request (in-process `app.request`), there is no connection to keep.
 */
export const keepAliveFraming = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  await next();
  const incoming = nodeIncoming(c);
  if (incoming === undefined || incoming.complete || drainable(incoming)) return;
  setResponseHeader(c, 'Connection', 'close');
  lingerThenClose(incoming);
};
