import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { migrate, openPGliteDb } from '@latch/provider';
import {
  PGLITE_EMPTY_PREFIX,
  PGLITE_MIGRATED_PREFIX,
  pgliteEmptyCachePath,
  pgliteTemplateCacheDir,
  pgliteTemplateCachePath,
} from './pgliteTemplateCache';

/**
 * Creates and migrates a PGlite database in `dataDir`, then closes it: a template for test files
 * to copy and open with `createProviderHandlers({ dataDir })`. PGlite's initdb takes seconds;
 * opening a copy of an initialised folder takes well under one.
 */
export async function createPGliteTemplate(dataDir: string): Promise<void> {
  const db = await openPGliteDb(dataDir);
  await migrate(db);
  await db.close();
}

/**
 * A PGlite cluster as initdb leaves it, with no migration applied, kept between runs (see
 * `pgliteEmptyCachePath`) and made when missing: what migration tests start from. initdb costs
 * 4–8 s of CPU; copying its result, well under one. Only ever copied, never opened in place.
 */
export async function cachedEmptyPGlite(root?: string): Promise<string> {
  return cachedFolder(root, pgliteEmptyCachePath(root), async (dir) => {
    await (await openPGliteDb(dir)).close();
  });
}

/**
 * The migrated template kept between runs (see `pgliteTemplateCachePath`), made when missing from
 * a copy of the empty cluster. Only ever copied, never opened in place.
 */
export async function cachedPGliteTemplate(root?: string): Promise<string> {
  return cachedFolder(root, pgliteTemplateCachePath(root), async (dir) => {
    cpSync(await cachedEmptyPGlite(root), dir, { recursive: true });
    await createPGliteTemplate(dir);
  });
}

/**
 * `target`, built by `build` when missing. It is built under a temporary name and renamed, so a
 * run that stops half-way or a second run building it at the same time never leaves a partial one.
 */
async function cachedFolder(
  root: string | undefined,
  target: string,
  build: (dir: string) => Promise<void>,
): Promise<string> {
  const cacheDir = pgliteTemplateCacheDir(root);
  removeStale(cacheDir, [basename(pgliteEmptyCachePath(root)), basename(pgliteTemplateCachePath(root))]);
  if (existsSync(target)) return target;
  mkdirSync(cacheDir, { recursive: true });
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
 * Removes clusters of another PGlite version, templates of other migrations, and copies a killed
 * run left half-built (building one takes seconds, so an hour-old one is nobody's).
 */
function removeStale(cacheDir: string, current: string[]): void {
  if (!existsSync(cacheDir)) return;
  const hourAgo = Date.now() - 3_600_000;
  for (const entry of readdirSync(cacheDir)) {
    const ours = entry.startsWith(PGLITE_EMPTY_PREFIX) || entry.startsWith(PGLITE_MIGRATED_PREFIX);
    if (!ours || current.includes(entry)) continue;
    const path = join(cacheDir, entry);
    const building = current.some((name) => entry.startsWith(`${name}.building-`));
    const age = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (!building || age < hourAgo) rmSync(path, { recursive: true, force: true });
  }
}
