import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config/loadConfig';
import { FolderInUseError } from './db/lockFolder';
import { describeStorage, openDb } from './db/openDb';
import { migrate } from './db/migrate';
import { readEnv, type ProviderEnv } from './env';
import { stopGracefully } from './http/stopGracefully';

async function start(env: ProviderEnv): Promise<void> {
  const { config, path, created, updated } = loadConfig(env);
  const db = await openDb(env);
  const applied = await migrate(db);
  const app = createApp({ config, db, authOrigin: env.authOrigin });
  const server = serve(
    { fetch: app.fetch, port: env.port, ...(env.host ? { hostname: env.host } : {}) },
    (info) => {
      console.log(`Latch provider listening on ${env.authOrigin} (port ${info.port})`);
      const note = created
        ? ' (created with a dev project)'
        : updated
          ? ` (dev project now authorizes ${env.devOrigins.join(', ')})`
          : '';
      console.log(`  config:  ${path}${note}`);
      console.log(
        `  storage: ${describeStorage(env)}${applied.length ? `, migrations applied: ${applied.join(', ')}` : ''}`,
      );
      for (const p of config.projects.filter((project) => project.test)) {
        console.log(`  project: ${p.name}  public_token=${p.public_token}`);
      }
    },
  );
  // Longer than common client and proxy idle time-outs, so a reused socket is not reset under a request.
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 65_000;
  stopGracefully(server, () => db.close(), env.shutdownGraceMs);
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
