import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { errorEnvelope } from './envelope';
import type { Logger } from './logger';
import { newRequestId, REQUEST_ID_HEADER } from './requestId';

/** Longer than common client and proxy idle time-outs, so a reused socket is not reset under a request. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** How long a connection that could not be read as HTTP waits for its client to close it first. */
const LINGER_MS = 2000;

/** What Node's HTTP parser and timers report, as the statuses Node itself would answer. */
const CLIENT_ERRORS: Record<string, readonly [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', "The request's headers are too large."],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', "The request's chunk extensions are too large."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request did not arrive in time.'],
};
/** The client reset or closed the connection mid-request: nobody is left to answer. */
const GONE = new Set(['ECONNRESET', 'EPIPE', 'HPE_INVALID_EOF_STATE']);
const BAD_REQUEST = [400, 'Bad Request', 'The request is not well-formed HTTP/1.1.'] as const;

/**
 * A request Node could not read (bad framing, headers too large, too slow) is answered like every
 * other bad input, with the error envelope and `Connection: close`, instead of Node's bare status
 * line. The connection is half-closed, not reset, so the answer reaches the client. A connection
 * the client closed mid-request, or one whose answer has begun, is only closed.
 */
function answerClientError(logger: Logger) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    const answering = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (GONE.has(error.code ?? '') || !socket.writable || answering?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? BAD_REQUEST;
    const requestId = newRequestId();
    const body = JSON.stringify(errorEnvelope(requestId, 'bad_request', status, message));
    logger.debug({ request_id: requestId, status, code: error.code ?? null }, 'unreadable request');
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n` +
        `${REQUEST_ID_HEADER}: ${requestId}\r\n\r\n${body}`,
    );
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/**
 * The Node HTTP server for the app. A client has `requestTimeoutMs` to send a whole request,
 * headers and body, or gets a 408 and loses its connection (slow clients cannot hold sockets).
 */
export function createHttpServer(
  fetch: Parameters<typeof getRequestListener>[0],
  { requestTimeoutMs, logger }: { requestTimeoutMs: number; logger: Logger },
): Server {
  const server = createServer(
    {
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs,
      // Node checks for overdue requests this often (default 30 s, which a slow client could use).
      connectionsCheckingInterval: Math.min(1000, requestTimeoutMs),
    },
    // Off: @hono/node-server's own clean-up of unread bodies closes, after 500 ms of draining, a
    // connection whose answer promised to keep it, and the client's next request on it was reset.
    // `keepAliveFraming` settles unread bodies instead.
    getRequestListener(fetch, { autoCleanupIncoming: false }),
  );
  server.on('clientError', answerClientError(logger));
  return server;
}
