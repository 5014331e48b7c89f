import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { ConfigError } from './config/loadConfig';
import { originProblem } from './config/origins';
import type { EncryptionKey } from './crypto/Keyring';
import { parseEncryptionKeys } from './crypto/parseEncryptionKeys';
import { isPostgresUrl } from './db/postgresTarget';
import { trustProxies } from './http/clientAddress';
import { readLogLevel, type LogLevel } from './http/logLevel';
import { HOME_DIR } from './paths';

export interface ProviderEnv {
  port: number;
  host: string | undefined;
  authOrigin: string;
  configPath: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Origins the generated dev project must authorize (`npm start` passes the demo host's). */
  devOrigins: string[];
  /** How long requests in flight get to finish after SIGTERM (`LATCH_SHUTDOWN_GRACE_SECONDS`, 10). */
  shutdownGraceMs: number;
  /** How long a client may take to send a whole request, headers and body (`LATCH_REQUEST_TIMEOUT_SECONDS`, 30). */
  requestTimeoutMs: number;
  /** Processes serving the port (`LATCH_WORKERS`, 1); more than one only over PostgreSQL. */
  workers: number;
  /** `LATCH_LOG_LEVEL`, a pino level (`info`); `silent` logs nothing. */
  logLevel: LogLevel;
  /** `LATCH_TRUSTED_PROXIES`: the proxies whose `X-Forwarded-For` names the visitor (none). */
  trustedProxies: string[];
  /** `LATCH_METRICS_PORT` (with `LATCH_METRICS_HOST`, `LATCH_METRICS_TOKEN`): where `GET /metrics` is served; unset, nowhere. */
  metrics: MetricsEnv | undefined;
  /** `LATCH_ENCRYPTION_KEY`: the keys that seal stored secrets, the sealing one first (unset: none). */
  encryptionKeys: EncryptionKey[] | undefined;
  /** `NODE_ENV=production`: a start without `LATCH_ENCRYPTION_KEY` refuses, as with a live project. */
  production: boolean;
}

export interface MetricsEnv {
  port: number;
  /** Default: `HOST`. */
  host: string | undefined;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token: string | undefined;
}

/** `LATCH_ENCRYPTION_KEY`, checked here so a bad key stops the start with a sentence. */
function readEncryptionKeys(value: string | undefined): EncryptionKey[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const keys = parseEncryptionKeys(value);
  if (typeof keys === 'string') throw new ConfigError(`LATCH_ENCRYPTION_KEY: ${keys}`);
  return keys;
}

/** `LATCH_WORKERS`: a whole number from 1, or `auto` for one per core; PGlite allows only 1. */
function readWorkers(value: string | undefined, databaseUrl: string | undefined): number {
  const workers = value === 'auto' ? availableParallelism() : Number(value ?? '1');
  if (!Number.isInteger(workers) || workers < 1)
    throw new ConfigError(`LATCH_WORKERS: ${JSON.stringify(value)} is not a whole number from 1, or "auto"`);
  // PGlite is a database inside one process: a second process cannot open its folder.
  if (workers > 1 && !databaseUrl)
    throw new ConfigError(
      `LATCH_WORKERS: ${workers} workers need PostgreSQL (DATABASE_URL); PGlite serves from one process`,
    );
  return workers;
}

/**
 * `DATABASE_URL`: a `postgres:` or `postgresql:` URL, or unset (PGlite). Checked here so that a typo
 * stops the start with a sentence, not the driver's stack trace or an attempt to reach the wrong
 * host. The message never repeats the value: it may hold a password.
 */
function readDatabaseUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!isPostgresUrl(value))
    throw new ConfigError(
      'DATABASE_URL: not a PostgreSQL connection string like "postgres://user:password@host:5432/database" ' +
        '(or "postgres://user@localhost:5432/database?host=/run/postgresql" for a Unix socket)',
    );
  return value;
}

/** A comma-separated setting's entries, trimmed, empty ones dropped. */
const commaList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * `LATCH_TRUSTED_PROXIES`: comma-separated addresses, CIDR ranges or `loopback`, `linklocal`,
 * `uniquelocal`; each is checked here, so a typo stops the start instead of trusting nobody.
 */
function readTrustedProxies(value: string | undefined): string[] {
  const list = commaList(value);
  for (const entry of list) {
    try {
      trustProxies([entry]);
    } catch {
      throw new ConfigError(
        `LATCH_TRUSTED_PROXIES: ${JSON.stringify(entry)} is not an IP address, a CIDR range, "loopback", "linklocal" or "uniquelocal"`,
      );
    }
  }
  return list;
}

/** `LATCH_DEV_ORIGINS`: comma-separated exact origins. */
function readDevOrigins(value: string | undefined): string[] {
  const origins = commaList(value);
  for (const origin of origins) {
    const problem = originProblem(origin);
    if (problem) throw new ConfigError(`LATCH_DEV_ORIGINS: ${problem}`);
  }
  return origins;
}

/** A port number setting; `PORT`, `LATCH_METRICS_PORT`. */
function readPort(env: NodeJS.ProcessEnv, name: string, fallback: string): number {
  const port = Number(env[name] ?? fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`${name}: ${JSON.stringify(env[name])} is not a port number`);
  return port;
}

/** The metrics port's settings; it must differ from the public port, which visitors reach. */
function readMetrics(env: NodeJS.ProcessEnv, port: number): MetricsEnv | undefined {
  if (!env['LATCH_METRICS_PORT']) return undefined;
  const metricsPort = readPort(env, 'LATCH_METRICS_PORT', '');
  if (metricsPort === port && port !== 0)
    throw new ConfigError(
      `LATCH_METRICS_PORT: ${metricsPort} is PORT; metrics are served on a port of their own`,
    );
  return {
    port: metricsPort,
    host: env['LATCH_METRICS_HOST'] || env['HOST'] || undefined,
    token: env['LATCH_METRICS_TOKEN'] || undefined,
  };
}

/** A setting in whole or fractional seconds above 0, as milliseconds. */
function readSeconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const seconds = Number(env[name] ?? String(fallback));
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new ConfigError(`${name}: ${JSON.stringify(env[name])} is not a number of seconds above 0`);
  return seconds * 1000;
}

/** The provider's settings from the environment (docs/provider-config.md lists them). */
export function readEnv(env: NodeJS.ProcessEnv = process.env): ProviderEnv {
  const port = readPort(env, 'PORT', '4000');
  const authOrigin = (env['LATCH_AUTH_ORIGIN'] || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!URL.canParse(authOrigin) || new URL(authOrigin).origin !== authOrigin) {
    throw new ConfigError(
      `LATCH_AUTH_ORIGIN: ${JSON.stringify(authOrigin)} is not an origin like "http://localhost:4000"`,
    );
  }
  const dataDir = env['LATCH_DATA_DIR'] || '.latch/data';
  const databaseUrl = readDatabaseUrl(env['DATABASE_URL']);
  return {
    port,
    host: env['HOST'] || undefined,
    authOrigin,
    configPath: env['LATCH_CONFIG'] ? resolve(env['LATCH_CONFIG']) : undefined,
    dataDir: isAbsolute(dataDir)
      ? dataDir
      : resolve(env['LATCH_DATA_DIR'] ? process.cwd() : HOME_DIR, dataDir),
    databaseUrl,
    devOrigins: readDevOrigins(env['LATCH_DEV_ORIGINS']),
    shutdownGraceMs: readSeconds(env, 'LATCH_SHUTDOWN_GRACE_SECONDS', 10),
    requestTimeoutMs: readSeconds(env, 'LATCH_REQUEST_TIMEOUT_SECONDS', 30),
    workers: readWorkers(env['LATCH_WORKERS'], databaseUrl),
    logLevel: readLogLevel(env['LATCH_LOG_LEVEL']),
    trustedProxies: readTrustedProxies(env['LATCH_TRUSTED_PROXIES']),
    metrics: readMetrics(env, port),
    encryptionKeys: readEncryptionKeys(env['LATCH_ENCRYPTION_KEY']),
    production: env['NODE_ENV'] === 'production',
  };
}
