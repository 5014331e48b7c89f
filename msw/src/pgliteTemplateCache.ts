import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The folder under which migrated PGlite templates are kept between test runs. */
export const pgliteTemplateCacheDir = (root = REPO_ROOT): string => join(root, 'node_modules/.cache/latch');

/**
 * Where this checkout's migrated PGlite template is kept between runs: named after what decides
 * its contents (PGlite's version, the migration runner and every migration file), so a change to
 * any of them makes a new one instead of reusing a stale one. Node built-ins only: the e2e set-up
 * reads it without loading the provider.
 */
export function pgliteTemplateCachePath(root = REPO_ROOT): string {
  const hash = createHash('sha256');
  const add = (label: string, path: string) =>
    hash.update(`${label}\0`).update(readFileSync(path)).update('\0');
  add('pglite', join(root, 'node_modules/@electric-sql/pglite/package.json'));
  add('runner', join(root, 'apps/provider/src/db/migrate.ts'));
  const migrations = join(root, 'apps/provider/migrations');
  for (const file of readdirSync(migrations).sort()) add(file, join(migrations, file));
  return join(pgliteTemplateCacheDir(root), `pglite-migrated-${hash.digest('hex').slice(0, 16)}`);
}
