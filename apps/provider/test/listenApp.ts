import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import type { AppEnv } from '../src/http/deps';
import { createHttpServer } from '../src/http/createHttpServer';
import type { Logger } from '../src/http/logger';
import { silentLogger } from '../src/http/logger';

/** An app served on a loopback port by the provider's own HTTP server, as `main.ts` serves it. */
export async function listenApp(
  app: Hono<AppEnv>,
  { requestTimeoutMs = 30_000, logger = silentLogger }: { requestTimeoutMs?: number; logger?: Logger } = {},
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createHttpServer(app.fetch, { requestTimeoutMs, logger });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { port, close };
}
