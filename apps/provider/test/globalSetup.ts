import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate';
import { pgliteDb } from '../src/db/pglite';
import { openPostgresDb } from '../src/db/postgres';
import postgres from 'postgres';
import { PGlite } from '@electric-sql/pglite';
import './postgresContext';
import { findPostgresBin, startPostgres } from './startPostgres';

/**
 * Starts one PostgreSQL cluster for the node test project, so storage tests run on both PGlite and
 * PostgreSQL. `LATCH_TEST_DATABASE_URL` uses an existing server instead. Missing binaries do not
 * skip anything: the PostgreSQL suites fail with the reason.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [stopPostgres, dumpFolder] = await Promise.all([setupPostgres(project), dumpMigratedPGlite(project)]);
  return async () => {
    await stopPostgres?.();
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

async function setupPostgres(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const server = await postgresServer();
  if ('error' in server) {
    project.provide('postgresUrl', null);
    project.provide('postgresError', server.error);
    project.provide('postgresTemplate', null);
    return undefined;
  }
  project.provide('postgresUrl', server.url);
  project.provide('postgresError', null);
  // Test files copy this migrated database (CREATE DATABASE … TEMPLATE) instead of migrating their own.
  const template = `latch_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(server.url, `CREATE DATABASE ${template}`);
  const url = new URL(server.url);
  url.pathname = `/${template}`;
  const db = openPostgresDb(url.toString());
  await migrate(db);
  await db.close();
  project.provide('postgresTemplate', template);
  return async () => {
    if (server.stop) server.stop();
    else await adminQuery(server.url, `DROP DATABASE IF EXISTS ${template}`);
  };
}

/** `LATCH_TEST_DATABASE_URL`, or a throwaway cluster this run starts (and stops), or why neither. */
async function postgresServer(): Promise<{ url: string; stop?: () => void } | { error: string }> {
  const existing = process.env['LATCH_TEST_DATABASE_URL'];
  if (existing) return { url: existing };
  const bin = findPostgresBin();
  if (!bin)
    return {
      error:
        'PostgreSQL binaries not found (looked for /usr/lib/postgresql/<version>/bin/initdb). ' +
        'Install them (apt-get install postgresql), set LATCH_PG_BIN to the bin folder, ' +
        'or set LATCH_TEST_DATABASE_URL to a server the tests may create databases on.',
    };
  try {
    const started = await startPostgres(bin);
    return { url: started.url, stop: () => started.stop() };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(sql);
  } finally {
    await admin.end();
  }
}
