import cluster from 'node:cluster';
import { createApp } from './app';
import type { LatchConfig } from './config/configSchema';
import type { Keyring } from './crypto/Keyring';
import type { Db } from './db/Db';
import { asUnreachable } from './db/DatabaseUnreachableError';
import { describeStorage, openDb } from './db/openDb';
import { createDeliveryWorker } from './delivery/deliveryWorker';
import { migrate } from './db/migrate';
import type { ProviderEnv } from './env';
import { sweepEventsPeriodically } from './events/sweepEventsPeriodically';
import { createHttpServer } from './http/createHttpServer';
import { createLogger } from './http/createLogger';
import type { Logger } from './http/logger';
import { runWorkers } from './http/runWorkers';
import { startMetrics } from './metrics/startMetrics';
import { stopGracefully } from './http/stopGracefully';
import type { PreparedConfig } from './prepareConfig';
import { sealSigningKeys, type SealReport } from './sessions/sealSigningKeys';

/** The loaded config, and the migrations this start applied. */
interface Prepared extends PreparedConfig {
  applied: string[];
  sealed: SealReport;
}

/** The start-up lines: human messages in `msg` (tests read "(port N)"), the same facts as fields. */
function announce(
  logger: Logger,
  env: ProviderEnv,
  { config, configLine, applied, keyring, sealed }: Prepared,
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
  const resealed = [
    sealed.sealed > 0 ? `${sealed.sealed} plain signing keys sealed` : '',
    sealed.resealed > 0 ? `${sealed.resealed} signing keys resealed with ${keyring.keyring.current.id}` : '',
  ].filter(Boolean);
  const encryption = `${keyring.line}${resealed.length > 0 ? `; ${resealed.join(', ')}` : ''}`;
  const fields = { encryption_keys: keyring.line, sealed: sealed.sealed, resealed: sealed.resealed };
  logger.info(fields, `encryption: ${encryption}`);
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
  keyring: Keyring,
  logger: Logger,
  db: Db,
  config: LatchConfig,
  onListening?: (port: number) => void,
): void {
  // Every process sends the outbox: the processes on one database share it (deliveryWorker.ts).
  const delivery = createDeliveryWorker({ db, config, logger, env: process.env });
  const app = createApp({
    config,
    db,
    keyring,
    authOrigin: env.authOrigin,
    logger,
    trustedProxies: env.trustedProxies,
    delivery,
  });
  const server = createHttpServer(app.fetch, { requestTimeoutMs: env.requestTimeoutMs, logger });
  server.listen(env.port, env.host, () => {
    const address = server.address();
    onListening?.(typeof address === 'object' && address ? address.port : env.port);
  });
  const stopSweeps = sweepEventsPeriodically(db, config, logger);
  delivery.start();
  stopGracefully(
    server,
    async () => {
      stopSweeps();
      await delivery.stop();
      return db.close();
    },
    env.shutdownGraceMs,
    logger,
    cluster.isWorker ? 'primary' : 'signals',
  );
}

/**
 * Opens the database and serves the port: the whole provider, or the primary of `LATCH_WORKERS`
 * (which migrates, then forks) or one of its workers. `loaded` is the config `main.ts` has read.
 */
export async function start(env: ProviderEnv, loaded: PreparedConfig): Promise<void> {
  const logger = createLogger(env.logLevel);
  if (cluster.isWorker) {
    // The primary has written the config and migrated the database already.
    startMetrics(env, logger, 'worker');
    serveApp(env, loaded.keyring.keyring, logger, await openDb(env), loaded.config);
    return;
  }
  const db = await openDb(env);
  // The first statements: where a wrong address, password or database name shows.
  const applied = await migrate(db).catch(async (error: unknown) => {
    await db.close().catch(() => undefined);
    throw asUnreachable(error, describeStorage(env));
  });
  // Before serving: a key sealed with an encryption key the operator no longer provides stops the
  // start here, not at a sign-in.
  const sealed = await sealSigningKeys(db, loaded.keyring.keyring).catch(async (error: unknown) => {
    await db.close().catch(() => undefined);
    throw error;
  });
  const prepared = { ...loaded, applied, sealed };
  const onListening = (port: number): void => announce(logger, env, prepared, port);
  if (env.workers === 1) {
    startMetrics(env, logger, 'single');
    serveApp(env, loaded.keyring.keyring, logger, db, prepared.config, onListening);
    return;
  }
  await db.close();
  startMetrics(env, logger, 'primary');
  runWorkers({ count: env.workers, logger, onListening });
}
