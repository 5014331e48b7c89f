import { ConfigError } from '../config/loadConfig';

/** pino's levels, quietest last; `silent` logs nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export type LogLevel = (typeof LOG_LEVELS)[number];

const isLogLevel = (value: string): value is LogLevel => (LOG_LEVELS as readonly string[]).includes(value);

/** `LATCH_LOG_LEVEL`: one of {@link LOG_LEVELS}, `info` when unset or empty. */
export function readLogLevel(value: string | undefined): LogLevel {
  if (!value) return 'info';
  if (isLogLevel(value)) return value;
  throw new ConfigError(`LATCH_LOG_LEVEL: ${JSON.stringify(value)} is not one of ${LOG_LEVELS.join(', ')}`);
}
