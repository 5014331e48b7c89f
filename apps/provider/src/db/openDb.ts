import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './Db';
import { lockFolder } from './lockFolder';
import { openPGliteDb } from './pglite';
import { connectionsPerProcess, openPostgresDb } from './postgres';
import { isPostgresUrl, postgresTarget } from './postgresTarget';
import { timeQueries } from '../metrics/timeQueries';

/**
 * PostgreSQL when `databaseUrl` is set (with this process's share of the connections when
 * `workers` processes serve the port), else PGlite under `<dataDir>/pglite`, held by this process
 * until `close()` (a second provider on the folder refuses to start: `FolderInUseError`).
 */
export async function openDb({
  databaseUrl,
  dataDir,
  workers = 1,
}: {
  databaseUrl?: string | undefined;
  dataDir: string;
  workers?: number;
}): Promise<Db> {
  if (databaseUrl) return timeQueries(openPostgresDb(databaseUrl, connectionsPerProcess(workers)));
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const lock = await lockFolder(dir);
  try {
    const db = await openPGliteDb(dir);
    return timeQueries({ ...db, close: () => db.close().finally(() => lock.release()) });
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** Where the data lives, for the start-up line (never prints a password). */
export function describeStorage({
  databaseUrl,
  dataDir,
}: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): string {
  if (!databaseUrl) return `PGlite in ${join(dataDir, 'pglite')}`;
  if (!isPostgresUrl(databaseUrl)) return 'PostgreSQL (DATABASE_URL)';
  const { url: rest, host } = postgresTarget(databaseUrl);
  const url = new URL(rest);
  // A path in libpq's `host` parameter is a Unix socket's folder.
  const where = host ? (host.startsWith('/') ? `the socket in ${host}` : host) : url.hostname;
  return `PostgreSQL at ${where}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}
