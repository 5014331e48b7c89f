// `npm run bench:import [-- USERS]`: `latch users import` of USERS (100,000) generated users with
// bcrypt hashes into a throwaway PostgreSQL cluster (fsync on), then the same file again, which
// must change nothing (either run answering other counts fails the benchmark). The hashes are imported, not computed: a few real bcrypt hashes (cost 10)
// are shared among the users, so making the file costs a second, not a day.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import bcrypt from 'bcryptjs';
import { findPostgresBin, startPostgres } from './bench/provider/postgres.mjs';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const users = Number(process.argv[2] ?? 100_000);
if (!Number.isInteger(users) || users < 1) throw new Error(`not a number of users: ${process.argv[2]}`);

const bin = findPostgresBin();
if (!bin) throw new Error('no PostgreSQL binaries (LATCH_PG_BIN, or /usr/lib/postgresql/<v>/bin)');
const dir = mkdtempSync(join(tmpdir(), 'latch-bench-import-'));
const pg = await startPostgres(bin);
const stop = () => {
  pg.stop();
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', stop);

try {
  const hashes = Array.from({ length: 8 }, (_, i) => bcrypt.hashSync(`password-${i}`, 10));
  const file = join(dir, 'users.jsonl');
  const out = createWriteStream(file);
  for (let i = 0; i < users; i++) {
    const line = JSON.stringify({
      external_id: `legacy-${i}`,
      email: `user${i}@example.com`,
      email_verified: i % 3 !== 0,
      ...(i % 4 === 0 ? { phone_number: `+1500${String(1_000_000 + i).padStart(7, '0')}` } : {}),
      name: { first_name: `First${i}`, last_name: `Last${i}` },
      trusted_metadata: { plan: i % 2 ? 'pro' : 'free', legacy_id: i },
      created_at: new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString(),
      password: { hash_type: 'bcrypt', hash: hashes[i % hashes.length] },
    });
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');

  const env = {
    ...process.env,
    DATABASE_URL: pg.url,
    LATCH_DATA_DIR: join(dir, 'data'),
    LATCH_LOG_LEVEL: 'silent',
  };
  const latch = (...args) =>
    run(process.execPath, ['--import', 'tsx', join(root, 'apps/provider/src/cli/latch.ts'), ...args], {
      env,
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    });
  await latch('migrate');
  console.log(`${pg.version}; ${users} users, file of ${statSync(file).size} bytes`);
  const expected = {
    'first import': `${users} lines: ${users} created, 0 updated, 0 unchanged, 0 bad`,
    'second import': `${users} lines: 0 created, 0 updated, ${users} unchanged, 0 bad`,
  };
  for (const [pass, counts] of Object.entries(expected)) {
    const started = process.hrtime.bigint();
    const { stdout } = await latch('users', 'import', file);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(`${pass}: ${stdout.trim()} in ${seconds.toFixed(1)} s`);
    if (stdout.trim() !== counts) throw new Error(`${pass} should have answered: ${counts}`);
  }
} finally {
  stop();
}
