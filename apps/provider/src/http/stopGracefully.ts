/** What @hono/node-server's `serve` answers (an HTTP/1 server, or HTTP/2 without idle-socket control). */
interface ClosableServer {
  close(callback?: (error?: Error) => void): unknown;
  closeIdleConnections?: () => void;
}

/**
 * On SIGTERM or SIGINT: stop accepting connections, let the requests already in flight finish,
 * close idle keep-alive sockets, then run `cleanup` (the database) and exit 0. A second signal, or
 * requests still running after `graceMs`, end the process at once (exit 1).
 */
export function stopGracefully(server: ClosableServer, cleanup: () => Promise<void>, graceMs: number): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      console.error(`Latch provider: ${signal} again, exiting now`);
      process.exit(1);
    }
    stopping = true;
    console.log(`Latch provider: ${signal}, finishing requests in flight`);
    server.close(() => void cleanup().finally(() => process.exit(0)));
    // close() waits for kept-alive sockets too; close each one as soon as its last response is out.
    setInterval(() => server.closeIdleConnections?.(), 100).unref();
    setTimeout(() => {
      console.error(`Latch provider: requests still running after ${graceMs} ms, exiting`);
      process.exit(1);
    }, graceMs).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
