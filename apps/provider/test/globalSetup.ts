import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate';
import { pgliteDb } from '../src/db/pglite';
import { PGlite } from '@electric-sql/pglite';
import './postgresContext';
import { findPostgresBin, startPostgres } from './startPostgres';

/**
 * Starts one PostgreSQL cluster for the node test project, so storage tests run on both PGlite and
 * PostgreSQL. `LATCH_TEST_DATABASE_URL` uses an existing server instead. Missing binaries do not
 * skip anything: the PostgreSQL suites fail with the reason.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const [stopPostgres, dumpFolder] = await Promise.all([setupPostgres(project), dumpMigratedPGlite(project)]);
  return () => {
    stopPostgres?.();
    rmSync(dumpFolder, { recursive: true, force: true });
  };
}

/**
 * One migrated PGlite database per run, dumped to a file: a test file that needs a migrated
 * database loads it in about a second instead of running initdb and every migration (about five).
 */
async function dumpMigratedPGlite(project: TestProject): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'latch-pglite-dump-'));
  const pg = new PGlite();
  await migrate(pgliteDb(pg));
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const file = join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  return folder;
}

async function setupPostgres(project: TestProject): Promise<(() => void) | undefined> {
  const existing = process.env['LATCH_TEST_DATABASE_URL'];
  if (existing) {
    project.provide('postgresUrl', existing);
    project.provide('postgresError', null);
    return undefined;
  }
  const bin = findPostgresBin();
  if (!bin) {
    project.provide('postgresUrl', null);
    project.provide(
      'postgresError',
      'PostgreSQL binaries not found (looked for /usr/lib/postgresql/<version>/bin/initdb). ' +
        'Install them (apt-get install postgresql), set LATCH_PG_BIN to the bin folder, ' +
        'or set LATCH_TEST_DATABASE_URL to a server the tests may create databases on.',
    );
    return undefined;
  }
  try {
    const pg = await startPostgres(bin);
    project.provide('postgresUrl', pg.url);
    project.provide('postgresError', null);
    return () => pg.stop();
  } catch (error) {
    project.provide('postgresUrl', null);
    project.provide('postgresError', error instanceof Error ? error.message : String(error));
    return undefined;
  }
}
