import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger';

/** What the primary sends a worker to stop it gracefully (signals are the primary's business). */
export const STOP_MESSAGE = 'latch:stop';

/** More replacements than this within a minute is a crash loop: the provider stops instead. */
const MAX_RESTARTS_PER_MINUTE = 5;

interface WorkerOptions {
  count: number;
  logger: Logger;
  /** The first line once every worker listens, e.g. "Latch provider listening on … (port 4000, 2 workers)". */
  onListening(port: number): void;
}

/**
 * The primary of `LATCH_WORKERS` > 1: forks `count` workers that share the listening port (node's
 * cluster hands each new connection to the next worker) and serves nothing itself. A worker that
 * crashes is replaced; one that dies before it ever listened (a failed start), or a sixth crash
 * within a minute, stops the whole provider with exit 1 instead of looping.
 * SIGTERM or SIGINT ask each worker to stop gracefully; the primary exits 0 once all have (1 if
 * one failed to); a second signal ends the workers at once.
 */
export function runWorkers({ count, logger, onListening }: WorkerOptions): void {
  const restarts: number[] = [];
  const listening = new Set<number>();
  let announced = false;
  let stopping = false;
  let exitCode = 0;

  const fork = (): Worker => cluster.fork();
  const alive = (): Worker[] =>
    Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);

  const stop = (code: number): void => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    for (const worker of alive()) worker.send(STOP_MESSAGE);
    if (alive().length === 0) process.exit(exitCode);
  };

  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    if (!announced && listening.size === count) {
      announced = true;
      onListening(address.port);
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const hadListened = listening.delete(worker.id);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (alive().length === 0) process.exit(exitCode);
      return;
    }
    const fields = { worker_pid: worker.process.pid, exit_code: code, signal };
    const now = Date.now();
    while (restarts[0] !== undefined && restarts[0] < now - 60_000) restarts.shift();
    if (!hadListened || restarts.length >= MAX_RESTARTS_PER_MINUTE) {
      logger.error(
        fields,
        hadListened ? 'workers keep exiting; stopping' : 'a worker could not start; stopping',
      );
      stop(1);
      return;
    }
    restarts.push(now);
    logger.error(fields, 'a worker exited; starting another');
    fork();
  });

  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      logger.error({ signal }, `${signal} again, exiting now`);
      for (const worker of alive()) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    logger.info({ signal, workers: alive().length }, `${signal}, asking each worker to finish its requests`);
    stop(0);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  for (let i = 0; i < count; i += 1) fork();
}
