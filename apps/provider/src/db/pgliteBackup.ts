import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockFolder } from './lockFolder';

/** A backup or restore that cannot go ahead; the message says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const pgliteFolder = (dataDir: string): string => join(dataDir, 'pglite');
const holdsCluster = (dir: string): boolean => existsSync(join(dir, 'PG_VERSION'));

/** The newest migration applied in a database, or null when it has none. */
async function newestMigration(pg: PGlite): Promise<string | null> {
  const [table] = (
    await pg.query<{ name: string | null }>("SELECT to_regclass('schema_migrations')::text AS name")
  ).rows;
  if (!table?.name) return null;
  const [row] = (
    await pg.query<{ version: string | null }>('SELECT max(version) AS version FROM schema_migrations')
  ).rows;
  return row?.version ?? null;
}

/**
 * Writes the embedded database of `dataDir` to `file` (PGlite's `dumpDataDir`, a gzipped tar),
 * through a temporary file so a failed backup never leaves half a file under the name. The folder
 * is locked as the provider locks it: a provider serving from it makes this refuse.
 */
export async function backupPGlite(
  dataDir: string,
  file: string,
): Promise<{ migration: string | null; bytes: number }> {
  const dir = pgliteFolder(dataDir);
  if (!holdsCluster(dir)) throw new BackupError(`no embedded database in ${dir} (LATCH_DATA_DIR)`);
  const lock = await lockFolder(dir);
  try {
    const pg = await PGlite.create(dir);
    try {
      const migration = await newestMigration(pg);
      const dump = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
      const partial = `${file}.partial`;
      writeFileSync(partial, dump, { mode: 0o600 });
      renameSync(partial, file);
      return { migration, bytes: dump.length };
    } finally {
      await pg.close();
    }
  } finally {
    await lock.release();
  }
}

/**
 * Loads `file` (a `backupPGlite` file) as the embedded database of `dataDir`. A folder that already
 * holds a database is refused, or with `replace` moved aside to `pglite.replaced-<time>` (and moved
 * back when the file does not load).
 */
export async function restorePGlite(
  dataDir: string,
  file: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<{ migration: string | null; movedAside: string | null }> {
  let data: Blob;
  try {
    data = new Blob([new Uint8Array(readFileSync(file))]);
  } catch (error) {
    throw new BackupError(
      `${file}: cannot be read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const dir = pgliteFolder(dataDir);
  mkdirSync(dir, { recursive: true });
  const lock = await lockFolder(dir);
  let movedAside: string | null = null;
  try {
    if (readdirSync(dir).length > 0) {
      if (!replace)
        throw new BackupError(`${dir} already holds a database: pass --replace to move it aside and restore`);
      movedAside = `${dir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dir, movedAside);
      mkdirSync(dir);
    }
    try {
      const pg = await PGlite.create(dir, { loadDataDir: data });
      try {
        return { migration: await newestMigration(pg), movedAside };
      } finally {
        await pg.close();
      }
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      if (movedAside) renameSync(movedAside, dir);
      else mkdirSync(dir);
      const why = error instanceof Error ? error.message : String(error);
      throw new BackupError(`${file}: is not a Latch backup PGlite can load (${why})`);
    }
  } finally {
    await lock.release();
  }
}
