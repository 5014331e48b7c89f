import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a stand-in gateway received. */
export interface StandInRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StandInAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** An outage the stand-in plays before its API answers again: `times` answers of `status`. */
export interface Outage {
  status: number;
  times: number;
  retryAfter?: string;
  headers?: Record<string, string>;
  /** Hold each answer this long first (a gateway that hangs). */
  delayMs?: number;
}

export interface GatewayStandIn {
  origin: string;
  /** Every request, outages included, oldest first. */
  requests: StandInRequest[];
  /** Plays `outage` for the next requests. */
  fail(outage: Outage): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Where a stand-in lists, as JSON, the messages it accepted (for a test in another process). */
export const RECEIVED_PATH = '/__stand-in/received';

/**
 * A loopback HTTP server answering with `api` (a gateway's API as its reference documents it),
 * except while an outage set with `fail` lasts: then `status` with a JSON error body. `GET
 * RECEIVED_PATH` answers `received()`, and is not one of the `requests`.
 */
export async function startGatewayStandIn(
  api: (request: StandInRequest) => StandInAnswer,
  outageBody: (status: number) => unknown = (status) => ({ status, message: 'Service Unavailable' }),
  received: () => unknown = () => [],
): Promise<GatewayStandIn> {
  const requests: StandInRequest[] = [];
  let outage: Outage | null = null;
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === RECEIVED_PATH) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(received()));
      return;
    }
    void (async () => {
      const request: StandInRequest = {
        method: req.method ?? 'GET',
        path: new URL(req.url ?? '/', 'http://stand-in').pathname,
        headers: req.headers,
        body: await readBody(req),
      };
      requests.push(request);
      let answer: StandInAnswer;
      if (outage && outage.times > 0) {
        const current = outage;
        current.times -= 1;
        if (current.delayMs) await new Promise((resolve) => setTimeout(resolve, current.delayMs));
        answer = {
          status: current.status,
          headers: {
            ...current.headers,
            ...(current.retryAfter === undefined ? {} : { 'retry-after': current.retryAfter }),
          },
          body: outageBody(current.status),
        };
      } else answer = api(request);
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    })();
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    fail: (next) => {
      outage = { ...next };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
