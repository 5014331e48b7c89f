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
 * stdout written off the request path: a line is queued and written by libuv, lines that arrive
 * while a write is under way go out together in the next one. pino registers a synchronous flush
 * on process exit for such a destination, so `process.exit` (graceful stop, failed start) loses
 * nothing already logged.
 */
export const asyncStdout = (): DestinationStream =>
  pino.destination({ dest: 1, sync: false, maxLength: MAX_BUFFERED_BYTES, maxWrite: MAX_WRITE_BYTES });

/** One JSON object per line: pino's `level`, `time`, `pid`, `hostname`, `msg`, then the fields. */
export function createLogger(
  level: LogLevel = 'info',
  destination: DestinationStream = asyncStdout(),
): PinoLogger {
  return pino({ level, redact: REDACT_PATHS }, destination);
}
