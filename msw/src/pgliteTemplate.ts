import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { migrate, openPGliteDb } from '@latch/provider';
import { pgliteTemplateCacheDir, pgliteTemplateCachePath } from './pgliteTemplateCache';

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
 * The migrated template kept between runs (see `pgliteTemplateCachePath`), made when missing. Only
 * ever copied, never opened in place. It is built under a temporary name and renamed, so a run that
 * stops half-way or a second run building it at the same time never leaves a partial one.
 */
export async function cachedPGliteTemplate(root?: string): Promise<string> {
  const target = pgliteTemplateCachePath(root);
  const cacheDir = pgliteTemplateCacheDir(root);
  removeStale(cacheDir, basename(target));
  if (existsSync(target)) return target;
  mkdirSync(cacheDir, { recursive: true });
  const building = `${target}.building-${process.pid}-${Date.now()}`;
  try {
    await createPGliteTemplate(building);
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
 * Removes templates of other migrations and copies a killed run left half-built (building one
 * takes seconds, so an hour-old one is nobody's).
 */
function removeStale(cacheDir: string, current: string): void {
  if (!existsSync(cacheDir)) return;
  const hourAgo = Date.now() - 3_600_000;
  for (const entry of readdirSync(cacheDir)) {
    if (!entry.startsWith('pglite-migrated-') || entry === current) continue;
    const path = join(cacheDir, entry);
    const mine = entry.startsWith(`${current}.building-`);
    const age = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (!mine || age < hourAgo) rmSync(path, { recursive: true, force: true });
  }
}
