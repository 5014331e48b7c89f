import type { AppDeps } from '../src/http/deps';
import { createApp } from '../src/app';
import type { Db } from '../src/db/Db';
import { createLogger } from '../src/http/createLogger';
import type { Logger } from '../src/http/logger';
import type { LogLevel } from '../src/http/logLevel';
import type { RateLimiter } from '../src/limits/rateLimiter';
import { AUTH_ORIGIN, basic, testConfig, TEST_TOKEN } from './testConfig';

/** For tests that never reach storage: any query is a test bug. */
export const unusedDb: Db = {
  kind: 'pglite',
  query: () => Promise.reject(new Error('this test must not query the database')),
  exec: () => Promise.reject(new Error('this test must not query the database')),
  transaction: () => Promise.reject(new Error('this test must not query the database')),
  close: () => Promise.resolve(),
};

/** A limiter that allows everything, for apps whose storage is a stub. */
export const noLimits: RateLimiter = {
  take: () => Promise.resolve({ ok: true }),
  takeInOrder: () => Promise.resolve({ ok: true }),
};

/** One parsed log line: pino's fields (`level`, `time`, `msg`, ...) and the call's own. */
export type LogLine = Record<string, unknown> & { level: number; msg: string };

/** pino's number for `error`. */
const ERROR_LEVEL = 50;

export interface CapturingLogger extends Logger {
  /** Every line written, parsed, in order. */
  lines: LogLine[];
  /** The raw text written: what secrets must never appear in. */
  text(): string;
  /** Error lines as `msg error`, for assertions on what went wrong. */
  readonly errors: string[];
}

/** The provider's own pino logger (same fields, same redaction), writing to memory instead of stdout. */
export function capturingLogger(level: LogLevel = 'info'): CapturingLogger {
  const raw: string[] = [];
  const lines: LogLine[] = [];
  const logger = createLogger(level, {
    write: (line: string) => {
      raw.push(line);
      lines.push(JSON.parse(line) as LogLine);
    },
  });
  return {
    debug: (fields, message) => logger.debug(fields, message),
    info: (fields, message) => logger.info(fields, message),
    error: (fields, message) => logger.error(fields, message),
    lines,
    text: () => raw.join(''),
    get errors() {
      return lines
        .filter((line) => line.level >= ERROR_LEVEL)
        .map((line) => (line['error'] === undefined ? line.msg : `${line.msg} ${String(line['error'])}`));
    },
  };
}

export function testApp(overrides: Partial<AppDeps> = {}) {
  const logger = capturingLogger();
  const app = createApp({
    config: testConfig(),
    db: unusedDb,
    // The default database refuses every query, so nothing could be counted: no budgets apply.
    ...(overrides.db ? {} : { limiter: noLimits }),
    authOrigin: AUTH_ORIGIN,
    dist: { loaderDir: '/nonexistent/loader', frameDir: '/nonexistent/frame' },
    logger,
    ...overrides,
  });
  /** An SDK call as the browser client makes it: Basic auth, JSON, optional Origin. */
  const sdk = (
    path: string,
    {
      method = 'POST',
      body,
      origin,
      token = TEST_TOKEN,
    }: { method?: string; body?: string; origin?: string; token?: string } = {},
  ) => {
    const headers: Record<string, string> = {
      Authorization: basic(token),
      'Content-Type': 'application/json',
    };
    if (origin) headers['Origin'] = origin;
    return app.request(`/sdk/v1${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  };
  return { app, sdk, logger };
}

/** Reads a response body as JSON, typed loosely for assertions. */
export const json = async (response: Response): Promise<Record<string, unknown>> =>
  (await response.json()) as Record<string, unknown>;
