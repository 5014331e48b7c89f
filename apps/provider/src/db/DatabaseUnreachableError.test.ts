import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/freePort';
import { createPostgresDatabase } from '../../test/testDatabases';
import type { Db } from './Db';
import { asUnreachable, DatabaseUnreachableError, isConnectionFailure } from './DatabaseUnreachableError';
import { openPostgresDb } from './postgres';

const opened: Db[] = [];
afterAll(() => Promise.all(opened.map((db) => db.close().catch(() => undefined))));

/** What the first query on `url` throws. */
async function firstQueryError(url: string): Promise<unknown> {
  const db = openPostgresDb(url);
  opened.push(db);
  return db.query('SELECT 1').then(
    () => new Error(`${url} answered`),
    (error: unknown) => error,
  );
}

describe('a database that cannot be used at start', () => {
  it('is a connection failure when nothing listens, the socket is missing or the database does not exist', async () => {
    const existing = new URL(await createPostgresDatabase());
    const noDatabase = new URL(existing);
    noDatabase.pathname = '/latch_no_such_database';
    for (const url of [
      `postgres://latch@127.0.0.1:${await freePort()}/latch`,
      'postgres://latch@localhost:5432/latch?host=/nonexistent-socket-folder',
      noDatabase.toString(),
    ]) {
      const error = await firstQueryError(url);
      expect(isConnectionFailure(error), `${url}: ${String(error)}`).toBe(true);
      const unreachable = asUnreachable(error, 'PostgreSQL at somewhere');
      expect(unreachable).toBeInstanceOf(DatabaseUnreachableError);
      expect((unreachable as Error).message).toMatch(/^PostgreSQL at somewhere cannot be used: \S/);
    }
  });

  it('leaves every other error as it is: a bug is not an address problem', async () => {
    const db = openPostgresDb(await createPostgresDatabase());
    opened.push(db);
    const error = await db.query('SELEC 1').catch((e: unknown) => e);
    expect(isConnectionFailure(error)).toBe(false);
    expect(asUnreachable(error, 'PostgreSQL')).toBe(error);
    expect(asUnreachable(new Error('plain'), 'PostgreSQL')).toBeInstanceOf(Error);
    expect(asUnreachable(new Error('plain'), 'PostgreSQL')).not.toBeInstanceOf(DatabaseUnreachableError);
  });
});
