import type { TestProject } from 'vitest/node';
import './postgresContext';
import { findPostgresBin, startPostgres } from './startPostgres';

/**
 * Starts one PostgreSQL cluster for the node test project, so storage tests run on both PGlite and
 * PostgreSQL. `LATCH_TEST_DATABASE_URL` uses an existing server instead. Missing binaries do not
 * skip anything: the PostgreSQL suites fail with the reason.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
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
