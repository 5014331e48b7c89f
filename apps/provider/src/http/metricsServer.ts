import { createServer, type Server } from 'node:http';
import { constantTimeEqual } from '../crypto/hash';
import type { Logger } from './logger';
import { errorSummary } from './errorSummary';

export interface MetricsServerOptions {
  port: number;
  host: string | undefined;
  /** `LATCH_METRICS_TOKEN`: when set, a scrape must send `Authorization: Bearer <token>`. */
  token: string | undefined;
  contentType: string;
  /** The exposition text: this process's registry, or every worker's aggregated by the primary. */
  read: () => Promise<string>;
  logger: Logger;
}

const text = (status: number, body: string) => ({ status, body, type: 'text/plain; charset=utf-8' });

/**
 * `GET /metrics` on its own port (`LATCH_METRICS_PORT`), apart from the public one: a scraper on a
 * private network reads it, visitors never reach it. Anything else answers 404.
 */
export function serveMetrics(options: MetricsServerOptions, onListening: (port: number) => void): Server {
  const { token, read, logger } = options;
  const answer = async (method: string | undefined, path: string, authorization: string | undefined) => {
    if (path !== '/metrics') return text(404, 'Not found: the metrics are at /metrics\n');
    if (method !== 'GET' && method !== 'HEAD') return text(405, 'Use GET\n');
    if (token !== undefined && !constantTimeEqual(authorization ?? '', `Bearer ${token}`))
      return text(401, 'Send Authorization: Bearer <LATCH_METRICS_TOKEN>\n');
    try {
      return { status: 200, body: await read(), type: options.contentType };
    } catch (error) {
      logger.error({ error: errorSummary(error) }, 'metrics could not be collected');
      return text(500, 'The metrics could not be collected; see the provider log\n');
    }
  };
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    void answer(req.method, path, req.headers.authorization).then(({ status, body, type }) => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  server.listen(options.port, options.host, () => {
    const address = server.address();
    onListening(typeof address === 'object' && address ? address.port : options.port);
  });
  return server;
}
