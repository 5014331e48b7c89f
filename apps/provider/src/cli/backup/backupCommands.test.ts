import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migratedDataDir } from '../../../test/cliDataDir';
import { captureIo } from '../../../test/cliIo';
import { openDb } from '../../db/openDb';
import { lockFolder } from '../../db/lockFolder';
import { readMigrations } from '../../db/migrate';
import { EXIT } from '../Command';
import { commands } from '../commands';
import { runCli } from '../runCli';

/** The newest migration, which a backup of a migrated folder names. */
const latest = readMigrations().at(-1)?.version;

const run = async (env: NodeJS.ProcessEnv, ...argv: string[]) => {
  const io = captureIo(env);
  const code = await runCli(commands, argv, io);
  return { code, out: io.stdout, err: io.stderr };
};

const userIds = async (dataDir: string): Promise<string[]> => {
  const db = await openDb({ dataDir });
  try {
    return (await db.query<{ user_id: string }>('SELECT user_id FROM users ORDER BY user_id')).map(
      (r) => r.user_id,
    );
  } finally {
    await db.close();
  }
};

const addUser = async (dataDir: string, userId: string): Promise<void> => {
  const db = await openDb({ dataDir });
  await db.query(`INSERT INTO users (user_id, project_id) VALUES ($1, 'p')`, [userId]);
  await db.close();
};

describe('latch backup and restore', () => {
  it('back up the embedded database to a file and bring it back over a changed one', async () => {
    const dataDir = migratedDataDir();
    const env = { LATCH_DATA_DIR: dataDir };
    await addUser(dataDir, 'user-before');
    const file = join(dataDir, 'backup.tar.gz');

    const backup = await run(env, 'backup', file);
    expect(backup.code).toBe(EXIT.ok);
    expect(backup.out).toEqual([
      expect.stringMatching(new RegExp(`^${file}: \\d+ bytes, migrations up to ${latest}$`)),
    ]);
    expect(backup.err.join('\n')).toContain('keep LATCH_ENCRYPTION_KEY');
    expect(readdirSync(dataDir).filter((f) => f.endsWith('.partial'))).toEqual([]);

    await addUser(dataDir, 'user-after');
    const refused = await run(env, 'restore', file);
    expect(refused.code).toBe(EXIT.failed);
    expect(refused.err[0]).toBe(
      `latch restore: ${join(dataDir, 'pglite')} already holds a database: pass --replace to move it aside and restore`,
    );
    expect(await userIds(dataDir)).toEqual(['user-after', 'user-before']);

    const restored = await run(env, 'restore', file, '--replace');
    expect(restored.code).toBe(EXIT.ok);
    expect(restored.out[0]).toMatch(/^the previous database is in .*pglite\.replaced-/);
    expect(restored.out[1]).toBe(
      `restored ${file} (migrations up to ${latest}); the next start applies any newer ones`,
    );
    expect(await userIds(dataDir)).toEqual(['user-before']);
  }, 120_000);

  it('a file that is not a backup changes nothing', async () => {
    const dataDir = migratedDataDir();
    await addUser(dataDir, 'user-kept');
    const junk = join(dataDir, 'junk.tar.gz');
    writeFileSync(junk, 'not a backup');
    const restored = await run({ LATCH_DATA_DIR: dataDir }, 'restore', junk, '--replace');
    expect(restored.code).toBe(EXIT.failed);
    expect(restored.err[0]).toMatch(/^latch restore: .*junk\.tar\.gz: is not a Latch backup PGlite can load/);
    expect(await userIds(dataDir)).toEqual(['user-kept']);
  }, 120_000);

  it('refuse PostgreSQL, a folder a provider is serving from, and a bad command line', async () => {
    const dataDir = migratedDataDir();
    const file = join(dataDir, 'b.tar.gz');
    const pg = await run({ DATABASE_URL: 'postgres://u@localhost/db' }, 'backup', file);
    expect([pg.code, pg.err]).toEqual([
      EXIT.failed,
      ['latch backup: DATABASE_URL points at PostgreSQL: use pg_dump instead (see docs/deployment.md)'],
    ]);
    const pgRestore = await run({ DATABASE_URL: 'postgres://u@localhost/db' }, 'restore', file);
    expect(pgRestore.err[0]).toMatch(/^latch restore: DATABASE_URL points at PostgreSQL: use pg_restore/);

    const lock = await lockFolder(join(dataDir, 'pglite'));
    try {
      const busy = await run({ LATCH_DATA_DIR: dataDir }, 'backup', file);
      expect(busy.code).toBe(EXIT.failed);
      expect(busy.err[0]).toContain(`is using the data folder ${join(dataDir, 'pglite')}. Stop it first`);
      expect(existsSync(file)).toBe(false);
    } finally {
      await lock.release();
    }
    expect((await run({ LATCH_DATA_DIR: dataDir }, 'backup')).code).toBe(EXIT.usage);
    expect((await run({ LATCH_DATA_DIR: dataDir }, 'restore', 'a', 'b')).code).toBe(EXIT.usage);
    const empty = await run({ LATCH_DATA_DIR: join(dataDir, 'nothing') }, 'backup', file);
    expect([empty.code, empty.err[0]]).toEqual([
      EXIT.failed,
      `latch backup: no embedded database in ${join(dataDir, 'nothing', 'pglite')} (LATCH_DATA_DIR)`,
    ]);
  }, 60_000);
});
