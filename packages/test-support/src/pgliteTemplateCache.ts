import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The folder under which PGlite templates are kept between test runs. */
export const pgliteTemplateCacheDir = (root = REPO_ROOT): string => join(root, 'node_modules/.cache/latch');

/** What each cached folder's name starts with; anything else in the cache folder is not ours. */
export const PGLITE_EMPTY_PREFIX = 'pglite-empty-';
export const PGLITE_MIGRATED_PREFIX = 'pglite-migrated-';

function cacheKey(root: string, withMigrations: boolean): string {
  const hash = createHash('sha256');
  const add = (label: string, path: string) =>
    hash.update(`${label}\0`).update(readFileSync(path)).update('\0');
  add('pglite', join(root, 'node_modules/@electric-sql/pglite/package.json'));
  if (withMigrations) {
    add('runner', join(root, 'apps/provider/src/db/migrate.ts'));
    const migrations = join(root, 'apps/provider/migrations');
    for (const file of readdirSync(migrations).sort()) add(file, join(migrations, file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Where this checkout's freshly initialised, unmigrated PGlite cluster is kept between runs: named
 * after PGlite's version, the one thing that decides what initdb makes. Node built-ins only.
 */
export function pgliteEmptyCachePath(root = REPO_ROOT): string {
  return join(pgliteTemplateCacheDir(root), `${PGLITE_EMPTY_PREFIX}${cacheKey(root, false)}`);
}

/**
 * Where this checkout's migrated PGlite template is kept between runs: named after what decides
 * its contents (PGlite's version, the migration runner and every migration file), so a change to
 * any of them makes a new one instead of reusing a stale one. Node built-ins only: the e2e set-up
 * reads it without loading the provider.
 */
export function pgliteTemplateCachePath(root = REPO_ROOT): string {
  return join(pgliteTemplateCacheDir(root), `${PGLITE_MIGRATED_PREFIX}${cacheKey(root, true)}`);
}
