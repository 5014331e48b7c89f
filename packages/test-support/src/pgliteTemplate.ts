import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  PGLITE_EMPTY_PREFIX,
  PGLITE_MIGRATED_PREFIX,
  pgliteEmptyCachePath,
  pgliteTemplateCachePath,
} from './pgliteTemplateCache';

/**
 * A PGlite cluster as initdb leaves it, with no migration applied, kept between runs (see
 * `pgliteEmptyCachePath`) and made when missing: what migration tests start from. Copying it is far
 * cheaper than running initdb. Only ever copied, never opened in place.
 */
export async function cachedEmptyPGlite(root?: string): Promise<string> {
  const empty = pgliteEmptyCachePath(root);
  removeStale([empty, pgliteTemplateCachePath(root)]);
  return buildOnce(empty, initdb);
}

/**
 * What the migrated template is made with: the provider's storage entry (`@latch/provider/db`),
 * handed in by the caller so that this package never imports the provider.
 */
export interface ProviderStorage<D extends { close(): Promise<void> }> {
  openPGliteDb(dataDir: string): Promise<D>;
  migrate(db: D): Promise<unknown>;
}

/**
 * The migrated template kept between runs (see `pgliteTemplateCachePath`), made when missing from
 * a copy of the empty cluster: a folder to copy, e.g. as a provider process's data folder, or to
 * dump (`cachedPGliteDump`). Only ever copied, never opened in place.
 */
export async function cachedPGliteTemplate<D extends { close(): Promise<void> }>(
  storage: ProviderStorage<D>,
  root?: string,
): Promise<string> {
  const empty = pgliteEmptyCachePath(root);
  const migrated = pgliteTemplateCachePath(root);
  removeStale([empty, migrated]);
  return buildOnce(migrated, async (dir) => {
    cpSync(await buildOnce(empty, initdb), dir, { recursive: true });
    const db = await storage.openPGliteDb(dir);
    await storage.migrate(db);
    await db.close();
  });
}

/**
 * PGlite's dump (`dumpDataDir`) of `folder`, a cached cluster (`cachedEmptyPGlite`,
 * `cachedPGliteTemplate`), kept beside it as `<folder>.tar` and made when missing: what a test loads
 * into an in-memory database (`loadDataDir`), about a second of CPU less than opening a copy of the
 * folder. Made from a copy, as the folder is never opened in place.
 */
export async function cachedPGliteDump(folder: string): Promise<string> {
  return buildOnce(`${folder}.tar`, async (file) => {
    const copy = `${file}-folder`;
    cpSync(folder, copy, { recursive: true });
    try {
      // Ready before the dump: `dumpDataDir` on a database on disk that is still starting never settles.
      const pg = await PGlite.create(copy);
      const dump = await pg.dumpDataDir('none');
      await pg.close();
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
}

/**
 * A dump file (`cachedPGliteDump`) as the Blob PGlite's `loadDataDir` takes. Made through a plain
 * Uint8Array, which every environment's Blob accepts (happy-dom's too), where a Buffer's type may not.
 */
export function readPGliteDump(file: string): Blob {
  return new Blob([new Uint8Array(readFileSync(file))]);
}

async function initdb(dir: string): Promise<void> {
  await (await PGlite.create(dir)).close();
}

/**
 * `target`, built by `build` when missing. It is built under a temporary name and renamed, so a
 * run that stops half-way or a second run building it at the same time never leaves a partial one.
 */
async function buildOnce(target: string, build: (dir: string) => Promise<void>): Promise<string> {
  if (existsSync(target)) return target;
  mkdirSync(dirname(target), { recursive: true });
  const building = `${target}.building-${process.pid}-${Date.now()}`;
  try {
    await build(building);
    renameSync(building, target);
  } catch (error) {
    // Another run renamed its copy first: theirs is as good as ours.
    if (!existsSync(target)) throw error;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return target;
}

/**
 * Empties the cache folder holding the `current` folders of all but those and their dumps: clusters
 * of another PGlite version, templates of other migrations, and copies a killed run left half-built
 * (building one takes seconds, so an hour-old one is nobody's).
 */
function removeStale(current: [string, ...string[]]): void {
  const cacheDir = dirname(current[0]);
  if (!existsSync(cacheDir)) return;
  const names = current.flatMap((path) => [basename(path), `${basename(path)}.tar`]);
  const hourAgo = Date.now() - 3_600_000;
  for (const entry of readdirSync(cacheDir)) {
    const ours = entry.startsWith(PGLITE_EMPTY_PREFIX) || entry.startsWith(PGLITE_MIGRATED_PREFIX);
    if (!ours || names.includes(entry)) continue;
    const path = join(cacheDir, entry);
    const building = names.some((name) => entry.startsWith(`${name}.building-`));
    const age = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (!building || age < hourAgo) rmSync(path, { recursive: true, force: true });
  }
}
