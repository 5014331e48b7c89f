import type { Logger } from './logger';
import { STOP_MESSAGE } from './runWorkers';

/** What @hono/node-server's `serve` answers (an HTTP/1 server, or HTTP/2 without idle-socket control). */
interface ClosableServer {
  close(callback?: (error?: Error) => void): unknown;
  closeIdleConnections?: () => void;
}

/**
 * On SIGTERM or SIGINT: stop accepting connections, let the requests already in flight finish,
 * close idle keep-alive sockets, then run `cleanup` (the database) and exit 0. A second signal, or
 * requests still running after `graceMs`, end the process at once (exit 1). Every exit goes through
 * `process.exit`, where the logger's asynchronous stdout is flushed (see `asyncStdout`).
 */
export function stopGracefully(
  server: ClosableServer,
  cleanup: () => Promise<void>,
  graceMs: number,
  logger: Logger,
  /** `primary`: a worker of `LATCH_WORKERS`, stopped by its primary's message, not by signals. */
  stoppedBy: 'signals' | 'primary' = 'signals',
): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      logger.error({ signal }, `${signal} again, exiting now`);
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, `${signal}, finishing requests in flight`);
    server.close(() => void cleanup().finally(() => process.exit(0)));
    // close() waits for kept-alive sockets too; close each one as soon as its last response is out.
    setInterval(() => server.closeIdleConnections?.(), 100).unref();
    setTimeout(() => {
      logger.error({ grace_ms: graceMs }, `requests still running after ${graceMs} ms, exiting`);
      process.exit(1);
    }, graceMs).unref();
  };
  if (stoppedBy === 'signals') {
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return;
  }
  // Ctrl-C or a service manager signal the whole process group: the primary alone decides, once.
  const ignore = (): void => undefined;
  process.on('SIGINT', ignore);
  process.on('SIGTERM', ignore);
  process.on('message', (message) => {
    if (message === STOP_MESSAGE && !stopping) stop('SIGTERM');
  });
}
