import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/Db';
import { migrate, readMigrations } from '../db/migrate';
import { DB_KINDS, openMigratedTestDb, openTestDb } from '../../test/testDatabases';
import { json, testApp } from '../../test/testApp';

it('/healthz answers ok without touching the database', async () => {
  // The default test database throws on any query.
  const { app } = testApp();
  const response = await app.request('/healthz');
  expect(response.status).toBe(200);
  expect(response.headers.get('Cache-Control')).toBe('no-store');
  expect(await json(response)).toEqual({ status: 'ok' });
});

describe.each(DB_KINDS)('/readyz on %s', (kind) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('/readyz is ready once every shipped migration is applied', async () => {
    db = await openMigratedTestDb(kind);
    const response = await testApp({ db }).app.request('/readyz');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await json(response)).toEqual({ status: 'ready' });
    // Opening a database takes seconds on a loaded two-core machine (hooks get 60 s for the same).
  }, 60_000);

  it('/readyz is unavailable on a database that lacks migrations, and names them', async () => {
    db = await openTestDb(kind);
    const shipped = readMigrations();
    const { app } = testApp({ db });
    const blank = await app.request('/readyz');
    expect(blank.status).toBe(503);
    expect(await json(blank)).toEqual({
      status: 'unavailable',
      reason: 'migrations pending',
      pending: shipped.map((m) => `${m.version}_${m.name}`),
    });

    await migrate(db, shipped.slice(0, -1));
    const last = shipped.at(-1);
    const partly = await app.request('/readyz');
    expect(partly.status).toBe(503);
    expect((await json(partly))['pending']).toEqual([`${last?.version}_${last?.name}`]);

    await migrate(db, shipped);
    expect((await app.request('/readyz')).status).toBe(200);
  }, 60_000);

  it('/readyz is unavailable when the database does not answer, and says no more', async () => {
    const closed = await openMigratedTestDb(kind);
    await closed.close();
    const { app, logger } = testApp({ db: closed });
    const response = await app.request('/readyz');
    expect(response.status).toBe(503);
    expect(await json(response)).toEqual({ status: 'unavailable', reason: 'database unreachable' });
    expect(logger.errors).toHaveLength(1);
    expect(logger.errors[0]).toMatch(/^readyz: the database did not answer/);
  }, 60_000);
});
