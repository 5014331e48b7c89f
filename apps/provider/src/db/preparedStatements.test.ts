import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openTestDb } from '../../test/testDatabases';
import type { Db } from './Db';
import { statementNames } from './statementNames';

describe('statement names', () => {
  it('names each SQL text once and stops naming past the limit', () => {
    const nameOf = statementNames(2);
    const first = nameOf('SELECT 1');
    expect(nameOf('SELECT 1')).toBe(first);
    expect(nameOf('SELECT 2')).not.toBe(first);
    expect(nameOf('SELECT 3')).toBeNull();
    expect(nameOf('SELECT 1')).toBe(first);
  });
});

// Every query runs as a named prepared statement: the same text with other parameters, failures,
// transactions and every parameter type the provider sends must behave as unnamed statements did.
describe.each(DB_KINDS)('prepared statements on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(kind);
    await db.exec(`CREATE TABLE things (
      id text PRIMARY KEY, n integer, at timestamptz, data jsonb, tags text[], flag boolean
    )`);
  }, 60_000);
  afterAll(() => db?.close());

  const insert = (id: string, n: number | null, at: Date | null, data: string | null, tags: string[]) =>
    db.query('INSERT INTO things (id, n, at, data, tags, flag) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *', [
      id,
      n,
      at,
      data,
      tags,
      n === null ? null : n > 1,
    ]);

  it('runs one text with any parameters, of every type, many times', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const rows = [];
    for (let i = 0; i < 12; i++)
      rows.push(...(await insert(`t${i}`, i, i % 2 ? at : null, JSON.stringify({ i }), [`tag${i}`, 'x'])));
    expect(rows[3]).toEqual({ id: 't3', n: 3, at, data: { i: 3 }, tags: ['tag3', 'x'], flag: true });
    expect(rows[0]).toEqual({ id: 't0', n: 0, at: null, data: { i: 0 }, tags: ['tag0', 'x'], flag: false });
    const found = await db.query<{ id: string }>(
      'SELECT id FROM things WHERE id = ANY($1::text[]) AND n >= $2 ORDER BY n',
      [['t1', 't5', 't9', 'nope'], 2],
    );
    expect(found.map((r) => r.id)).toEqual(['t5', 't9']);
    // A statement without a result set answers no rows.
    expect(await db.query('UPDATE things SET n = n + 1 WHERE id = $1', ['t1'])).toEqual([]);
  });

  it('reports a failing run and keeps working, the same text included', async () => {
    await insert('dup', 1, null, null, []);
    await expect(insert('dup', 2, null, null, [])).rejects.toThrow(/duplicate key|unique/i);
    expect(await insert('dup2', 2, null, null, [])).toHaveLength(1);
    await expect(db.query('SELECT no_such_column FROM things WHERE id = $1', ['x'])).rejects.toThrow();
    expect(await db.query('SELECT count(*)::int AS n FROM things WHERE id = $1', ['dup'])).toEqual([
      { n: 1 },
    ]);
  });

  it('runs inside transactions: a rollback undoes them, a commit keeps them', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO things (id, n) VALUES ($1, $2)', ['rolled', 1]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await db.transaction((tx) => tx.query('INSERT INTO things (id, n) VALUES ($1, $2)', ['kept', 1]));
    const ids = await db.query<{ id: string }>(
      "SELECT id FROM things WHERE id IN ('rolled', 'kept') ORDER BY id",
    );
    expect(ids.map((r) => r.id)).toEqual(['kept']);
  });

  it('keeps concurrent callers out of each other’s transactions', async () => {
    const seen: number[] = [];
    await Promise.all([
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO things (id, n) VALUES ($1, $2)', ['in-tx', 1]);
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.query('UPDATE things SET n = 2 WHERE id = $1', ['in-tx']);
      }),
      db
        .query<{ n: number }>('SELECT n FROM things WHERE id = $1', ['in-tx'])
        .then((rows) => seen.push(...rows.map((r) => r.n))),
    ]);
    // The outside read sees the transaction whole or not at all, never its middle.
    expect([[], [2]]).toContainEqual(seen);
  });
});
