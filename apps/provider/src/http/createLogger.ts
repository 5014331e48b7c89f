import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { LogLevel } from './logLevel';

/**
 * Names that could hold a secret if a future call site logged them, at the top level or as a
 * header. Call sites log primitives only (`LogFields`) and never these; this is the second line
 * of defence. Top-level names only, no `*` wildcard: a wildcard would run the redactor on every
 * field of every request line.
 */
const REDACT_PATHS = [
  'authorization',
  'cookie',
  'password',
  'secret',
  'token',
  'session_token',
  'session_jwt',
  'body',
  'query',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
];

/** An async stdout buffer grows while the reader lags; past this, lines are dropped, not the process. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/**
 * Linux's PIPE_BUF: a pipe write up to this size is atomic. The workers of `LATCH_WORKERS` share
 * one stdout, and pino's writes hold whole lines up to this size, so their lines never interleave.
 */
const MAX_WRITE_BYTES = 4096;

/**
 * Lines are gathered until this many bytes wait (about eight request lines), then written in one
 * system call: a write per line cost a tenth of the CPU of a cheap request. Below `MAX_WRITE_BYTES`,
 * as sonic-boom requires, so every write still holds whole lines only.
 */
const MIN_WRITE_BYTES = 2048;

/** How long a line may wait for others in a quiet moment before it is written anyway (ms). */
const FLUSH_EVERY_MS = 200;

/**
 * stdout written off the request path: lines are queued and written by libuv in batches of at
 * least `MIN_WRITE_BYTES`, or every `FLUSH_EVERY_MS` when fewer arrive. pino registers a
 * synchronous flush on process exit for such a destination, so `process.exit` (graceful stop,
 * failed start) loses nothing already logged; only a process killed outright (SIGKILL) can lose
 * the last fifth of a second.
 */
export const asyncStdout = (): DestinationStream =>
  pino.destination({
    dest: 1,
    sync: false,
    minLength: MIN_WRITE_BYTES,
    periodicFlush: FLUSH_EVERY_MS,
    maxLength: MAX_BUFFERED_BYTES,
    maxWrite: MAX_WRITE_BYTES,
  });

/** One JSON object per line: pino's `level`, `time`, `pid`, `hostname`, `msg`, then the fields. */
export function createLogger(
  level: LogLevel = 'info',
  destination: DestinationStream = asyncStdout(),
): PinoLogger {
  return pino({ level, redact: REDACT_PATHS }, destination);
}
