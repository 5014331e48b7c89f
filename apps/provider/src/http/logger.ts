/**
 * The values of one log line besides pino's own (`level`, `time`, `pid`, `hostname`, `msg`).
 * Primitives only: no request, header, body or error object can reach a log line, so none can drag
 * a token, a cookie or a failed statement's parameters along (errors go in as `errorSummary`).
 */
export type LogFields = Readonly<Record<string, string | number | boolean | null | undefined>>;

/**
 * What the app logs through: one structured line per call. A pino logger satisfies it (see
 * `createLogger`); tests pass one writing to memory, or `silentLogger`.
 */
export interface Logger {
  /** What is only worth seeing while looking into a client's behaviour (`LATCH_LOG_LEVEL=debug`). */
  debug(fields: LogFields, message: string): void;
  info(fields: LogFields, message: string): void;
  error(fields: LogFields, message: string): void;
}

export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  error: () => undefined,
};
