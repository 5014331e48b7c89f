import { expect, it } from 'vitest';
import { reusablePGlite } from './reusablePGlite';

// Test files of one worker share PGlite instances: what one file leaves must never reach the next.
it('hands a released instance out again empty, with identity counters restarted', async () => {
  const first = await reusablePGlite();
  const started = await first.query('SELECT pg_postmaster_start_time() AS t');
  await first.query(
    `INSERT INTO outbox (message_id, project_id, channel, recipient, body_text)
     VALUES ('m1', 'p', 'email', 'a@example.com', 'b')`,
  );
  await first.exec('SET statement_timeout = 1234');
  await first.close();
  await expect(first.query('SELECT 1')).rejects.toThrow('PGlite is closed');

  const second = await reusablePGlite();
  try {
    expect(await second.query('SELECT pg_postmaster_start_time() AS t'), 'the same instance').toEqual(
      started,
    );
    expect(await second.query('SELECT count(*)::int AS n FROM outbox')).toEqual([{ n: 0 }]);
    expect(await second.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '0' }]);
    const [row] = await second.query<{ seq: number }>(
      `INSERT INTO outbox (message_id, project_id, channel, recipient, body_text)
       VALUES ('m2', 'p', 'email', 'a@example.com', 'b') RETURNING seq`,
    );
    expect(row?.seq).toBe(1);
  } finally {
    await second.close();
  }
}, 60_000);

it('does not hand out again an instance whose schema a test changed', async () => {
  const changed = await reusablePGlite();
  const started = await changed.query('SELECT pg_postmaster_start_time() AS t');
  await changed.exec('CREATE TABLE scratch (x int)');
  await changed.close();
  const next = await reusablePGlite();
  try {
    expect(await next.query('SELECT pg_postmaster_start_time() AS t'), 'another instance').not.toEqual(
      started,
    );
    expect(await next.query("SELECT to_regclass('scratch') AS t")).toEqual([{ t: null }]);
  } finally {
    await next.close();
  }
}, 60_000);
