import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { migratedDataDir } from '../../../test/cliDataDir';
import { captureIo } from '../../../test/cliIo';
import { testConfig, TEST_ENCRYPTION_KEY } from '../../../test/testConfig';
import { openDb } from '../../db/openDb';
import { EXIT } from '../Command';
import { commands } from '../commands';
import { runCli } from '../runCli';

/** The environment of a provider with `testConfig()` (a test and a live project) on PGlite. */
function providerEnv(): NodeJS.ProcessEnv {
  const dataDir = migratedDataDir();
  const configFile = join(dataDir, 'config.json');
  writeFileSync(configFile, JSON.stringify(testConfig()));
  return { LATCH_DATA_DIR: dataDir, LATCH_CONFIG: configFile, LATCH_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY };
}

const run = async (env: NodeJS.ProcessEnv, ...argv: string[]) => {
  const io = captureIo(env);
  const code = await runCli(commands, argv, io);
  return { code, out: io.stdout, err: io.stderr };
};

describe('latch keys', () => {
  it('rotate starts a rotation per project, refuses a second while one is under way; list shows each key', async () => {
    const env = providerEnv();
    const [test, live] = testConfig().projects.map((p) => p.project_id);

    const first = await run(env, 'keys', 'rotate');
    expect(first.code).toBe(EXIT.ok);
    // Projects without a key get one that signs at once.
    expect(first.out).toEqual([
      expect.stringMatching(new RegExp(`^${test}  jwk-test-\\S+ published now, signs from \\S+Z$`)),
      expect.stringMatching(new RegExp(`^${live}  jwk-live-\\S+ published now, signs from \\S+Z$`)),
    ]);

    const second = await run(env, 'keys', 'rotate', '--project', String(test), '--grace', '600');
    expect(second.code).toBe(EXIT.ok);
    const [line] = second.out;
    const match = /signs from (\S+); (\S+) retires then and stays published until (\S+)$/.exec(line ?? '');
    if (!match?.[1] || !match[3]) throw new Error(`unexpected: ${line}`);
    const signsFrom = Date.parse(match[1]);
    expect(signsFrom - Date.now()).toBeGreaterThan(590_000);
    expect(Date.parse(match[3]) - signsFrom).toBe(3660_000);

    const again = await run(env, 'keys', 'rotate', '--project', String(test));
    expect(again.code).toBe(EXIT.failed);
    expect(again.err).toEqual([
      expect.stringMatching(`^latch keys rotate: ${test}: a rotation is under way: jwk-test-`),
    ]);

    const list = await run(env, 'keys', 'list');
    expect(list.code).toBe(EXIT.ok);
    expect(list.out[0]).toBe('project\tkid\tstate\tsigns_from\tsigns_until\tpublished_until\tsealed_with');
    const rows = list.out.slice(1).map((l) => l.split('\t'));
    expect(rows.map(([project, , state, , , , sealed]) => [project, state, sealed])).toEqual([
      [live, 'signing', 'test-key'],
      [test, 'pending', 'test-key'],
      [test, 'signing', 'test-key'],
    ]);
  }, 60_000);

  it('rotate refuses a bad command line with exit code 2, and a live project without LATCH_ENCRYPTION_KEY with 1', async () => {
    const env = providerEnv();
    expect((await run(env, 'keys', 'rotate', '--grace', '60')).code).toBe(EXIT.usage);
    expect((await run(env, 'keys', 'rotate', '--project', 'nope')).code).toBe(EXIT.usage);
    const keyless = await run({ ...env, LATCH_ENCRYPTION_KEY: '' }, 'keys', 'rotate');
    expect(keyless.code).toBe(EXIT.failed);
    expect(keyless.err[0]).toMatch(/^latch keys rotate: LATCH_ENCRYPTION_KEY: not set;/);
    // A data folder without a database: said, and none is created.
    const empty = join(String(env['LATCH_DATA_DIR']), 'empty');
    const none = await run({ LATCH_DATA_DIR: empty }, 'keys', 'list');
    expect([none.code, none.err]).toEqual([
      EXIT.failed,
      [
        `latch keys list: no embedded database in ${join(empty, 'pglite')} (set LATCH_DATA_DIR, or DATABASE_URL)`,
      ],
    ]);
    expect(existsSync(empty)).toBe(false);
  }, 60_000);

  it('migrate seals a signing key stored in plain before sealing existed', async () => {
    const env = providerEnv();
    const db = await openDb({ dataDir: String(env['LATCH_DATA_DIR']) });
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    await db.query(
      `INSERT INTO signing_keys (kid, project_id, public_jwk, private_jwk, activates_at) VALUES ('old', 'p', $1, $2, now())`,
      [JSON.stringify(await exportJWK(publicKey)), JSON.stringify(await exportJWK(privateKey))],
    );
    await db.close();
    const migrated = await run(env, 'migrate');
    expect(migrated.out).toEqual(['nothing to apply', 'sealed 1 plain signing keys']);
    const list = await run(env, 'keys', 'list');
    expect(list.out[1]?.split('\t')).toEqual([
      'p',
      'old',
      'signing',
      expect.any(String),
      '-',
      '-',
      'test-key',
    ]);
  }, 60_000);
});
