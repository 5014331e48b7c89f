import cluster from 'node:cluster';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import type { LatchConfig } from './config/configSchema';
import { ConfigError, loadConfig } from './config/loadConfig';
import type { Db } from './db/Db';
import { FolderInUseError } from './db/lockFolder';
import { describeStorage, openDb } from './db/openDb';
import { migrate } from './db/migrate';
import { readEnv, type ProviderEnv } from './env';
import { createLogger } from './http/createLogger';
import type { Logger } from './http/logger';
import { runWorkers } from './http/runWorkers';
import { stopGracefully } from './http/stopGracefully';

interface Prepared {
  config: LatchConfig;
  /** The config file, with a note when this start wrote it. */
  configLine: string;
  applied: string[];
}

/** Loads (or first writes) the config; the caller migrates. Done once, by the primary when there are workers. */
function prepareConfig(env: ProviderEnv): Omit<Prepared, 'applied'> {
  const { config, path, created, updated } = loadConfig(env);
  const note = created
    ? ' (created with a dev project)'
    : updated
      ? ` (dev project now authorizes ${env.devOrigins.join(', ')})`
      : '';
  return { config, configLine: `${path}${note}` };
}

/** The start-up lines: human messages in `msg` (tests read "(port N)"), the same facts as fields. */
function announce(
  logger: Logger,
  env: ProviderEnv,
  { config, configLine, applied }: Prepared,
  port: number,
): void {
  const workers = env.workers > 1 ? `, ${env.workers} workers` : '';
  logger.info(
    { auth_origin: env.authOrigin, port, workers: env.workers },
    `Latch provider listening on ${env.authOrigin} (port ${port}${workers})`,
  );
  logger.info({ config: configLine }, `config: ${configLine}`);
  const storage = describeStorage(env);
  const migrations = applied.join(', ');
  logger.info(
    { storage, migrations_applied: migrations },
    `storage: ${storage}${migrations ? `, migrations applied: ${migrations}` : ''}`,
  );
  for (const p of config.projects.filter((project) => project.test)) {
    logger.info(
      { project: p.name, public_token: p.public_token },
      `project: ${p.name}  public_token=${p.public_token}`,
    );
  }
}

/** Serves the port: the whole provider, or one of `LATCH_WORKERS` (whose primary announces). */
function serveApp(
  env: ProviderEnv,
  logger: Logger,
  db: Db,
  config: LatchConfig,
  onListening?: (port: number) => void,
): void {
  const app = createApp({
    config,
    db,
    authOrigin: env.authOrigin,
    logger,
    trustedProxies: env.trustedProxies,
  });
  const server = serve(
    { fetch: app.fetch, port: env.port, ...(env.host ? { hostname: env.host } : {}) },
    (info) => onListening?.(info.port),
  );
  // Longer than common client and proxy idle time-outs, so a reused socket is not reset under a request.
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 65_000;
  stopGracefully(
    server,
    () => db.close(),
    env.shutdownGraceMs,
    logger,
    cluster.isWorker ? 'primary' : 'signals',
  );
}

async function start(env: ProviderEnv): Promise<void> {
  const logger = createLogger(env.logLevel);
  if (cluster.isWorker) {
    // The primary has written the config and migrated the database already.
    serveApp(env, logger, await openDb(env), prepareConfig(env).config);
    return;
  }
  const loaded = prepareConfig(env);
  const db = await openDb(env);
  const prepared = { ...loaded, applied: await migrate(db) };
  const onListening = (port: number): void => announce(logger, env, prepared, port);
  if (env.workers === 1) {
    serveApp(env, logger, db, prepared.config, onListening);
    return;
  }
  await db.close();
  runWorkers({ count: env.workers, logger, onListening });
}

try {
  await start(readEnv());
} catch (error) {
  // A bad config or environment stops the server with one line that says what and where.
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Latch provider cannot start: ${message}`);
  if (!(error instanceof ConfigError || error instanceof FolderInUseError)) console.error(error);
  process.exit(1);
}
