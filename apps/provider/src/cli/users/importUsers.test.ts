import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/Db';
import { verifyPassword } from '../../passwords/passwordHash';
import { createPostgresDatabase, DB_KINDS, openMigratedTestDb } from '../../../test/testDatabases';
import { EXIT, type CliIo } from '../Command';
import { commands } from '../commands';
import { runCli } from '../runCli';
import type { EventProject } from '../../webhooks/emitEvent';
import { exportUsers } from './exportUsers';
import { importUsers, type ImportCounts } from './importUsers';

const project = { project_id: 'project-test-import', test: true, webhooks: [] };
const HASH = bcrypt.hashSync('imported-Password-1', 4);

const lines = (...users: unknown[]): string =>
  users.map((u) => (typeof u === 'string' ? u : JSON.stringify(u))).join('\n');

/** A file in chunks that split lines (and a multi-byte character) wherever they fall. */
async function* chunked(text: string, size = 7): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function run(db: Db, text: string): Promise<{ counts: ImportCounts; bad: string[] }> {
  const bad: string[] = [];
  const counts = await importUsers(db, project, chunked(text), {
    bad: (n, problem) => bad.push(`line ${n}: ${problem}`),
    progress: () => undefined,
  });
  return { counts, bad };
}

const FILE = lines(
  {
    external_id: 'legacy-1',
    email: 'Ada@Example.com',
    email_verified: true,
    name: { first_name: 'Ada', last_name: 'Lovelace' },
    trusted_metadata: { plan: 'pro' },
    password: { hash_type: 'bcrypt', hash: HASH },
  },
  {
    email: 'grace@example.com',
    phone_number: '+15005550006',
    phone_number_verified: true,
    untrusted_metadata: { é: 'ü' },
  },
  '{"email": "broken"',
  { email: 'not an address' },
  { external_id: 'legacy-3', phone_number: '+15005550007', password: { hash_type: 'md_5', hash: 'xyz' } },
  '',
  { external_id: 'legacy-4', email: 'ADA@example.com' },
  {
    external_id: 'legacy-5',
    email: 'linus@example.com',
    status: 'pending',
    created_at: '2019-05-01T10:00:00Z',
  },
);

describe.each(DB_KINDS)('latch users import on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigratedTestDb(kind);
  }, 60_000);
  afterAll(() => db?.close());

  const userOf = async (email: string) => {
    const [row] = await db.query<{
      user_id: string;
      external_id: string | null;
      name: unknown;
      password_hash: string | null;
      version: string;
      verified: boolean;
      status: string;
      created_at: Date;
    }>(
      `SELECT u.user_id, u.external_id, u.name, u.password_hash, u.version::text, e.verified, u.status, u.created_at
       FROM users u JOIN user_emails e USING (user_id) WHERE e.email = $1`,
      [email],
    );
    return row;
  };

  it('imports the good lines, names each bad one with its number, and a second run changes nothing', async () => {
    const first = await run(db, FILE);
    expect(first.bad).toEqual([
      'line 3: not a JSON object',
      'line 4: email: not a valid address',
      'line 5: password.hash: expected the MD5 digest as 32 hexadecimal digits.',
      'line 7: email: belongs to another user (of another external_id or address)',
    ]);
    expect(first.counts).toEqual({ lines: 8, created: 3, updated: 0, unchanged: 0, bad: 4 });

    const ada = await userOf('ada@example.com');
    expect(ada).toMatchObject({
      external_id: 'legacy-1',
      verified: true,
      name: { first_name: 'Ada', last_name: 'Lovelace' },
    });
    expect(await verifyPassword('imported-Password-1', ada?.password_hash ?? '')).toBe(true);
    expect(await userOf('linus@example.com')).toMatchObject({
      status: 'pending',
      created_at: new Date('2019-05-01T10:00:00Z'),
    });
    const [phone] = await db.query<{ verified: boolean }>(
      "SELECT verified FROM user_phone_numbers WHERE phone_number = '+15005550006'",
    );
    expect(phone?.verified).toBe(true);

    const versions = await db.query<{ user_id: string; version: string }>(
      'SELECT user_id, version::text FROM users WHERE project_id = $1 ORDER BY user_id',
      [project.project_id],
    );
    const second = await run(db, FILE);
    expect(second.counts).toEqual({ lines: 8, created: 0, updated: 0, unchanged: 3, bad: 4 });
    expect(
      await db.query('SELECT user_id, version::text FROM users WHERE project_id = $1 ORDER BY user_id', [
        project.project_id,
      ]),
    ).toEqual(versions);
  });

  it('a changed line updates its user (keyed by external_id, else email), never a second user', async () => {
    const ada = await userOf('ada@example.com');
    const changed = await run(
      db,
      lines(
        { external_id: 'legacy-1', email: 'ada@example.com', name: { first_name: 'Augusta' } },
        { email: 'grace@example.com', external_id: 'legacy-2', trusted_metadata: { team: 'navy' } },
      ),
    );
    expect(changed.counts).toMatchObject({ created: 0, updated: 2, bad: 0 });
    expect(await userOf('ada@example.com')).toMatchObject({
      user_id: ada?.user_id,
      name: { first_name: 'Augusta' },
    });
    expect(await userOf('grace@example.com')).toMatchObject({ external_id: 'legacy-2' });
    const [count] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE project_id = $1',
      [project.project_id],
    );
    expect(count?.n).toBe(3);
  });

  it('never replaces a password the user set since, only a migrated one not yet used', async () => {
    const ada = await userOf('ada@example.com');
    await db.query("UPDATE users SET password_hash = 'scrypt$their-own' WHERE user_id = $1", [ada?.user_id]);
    const other = bcrypt.hashSync('another-Password-2', 4);
    const again = await run(
      db,
      lines({
        external_id: 'legacy-1',
        email: 'ada@example.com',
        password: { hash_type: 'bcrypt', hash: other },
      }),
    );
    expect(again.counts).toMatchObject({ updated: 0, unchanged: 1 });
    expect((await userOf('ada@example.com'))?.password_hash).toBe('scrypt$their-own');
  });

  it('refuses a line longer than the limit unread, and reads the next', async () => {
    const long = JSON.stringify({ email: 'long@example.com', trusted_metadata: { x: 'y'.repeat(300_000) } });
    const { counts, bad } = await run(db, lines(long, { email: 'after-long@example.com' }));
    expect(bad).toEqual(['line 1: longer than 262144 characters']);
    expect(counts).toMatchObject({ lines: 2, created: 1, bad: 1 });
    await db.query(
      "DELETE FROM users WHERE user_id = (SELECT user_id FROM user_emails WHERE email = 'after-long@example.com')",
    );
  });

  it('queues user.created and user.updated only when asked, for the users it created and changed', async () => {
    const hooked: EventProject = {
      project_id: 'project-test-import-hooks',
      test: true,
      webhooks: [
        { url: 'https://hooks.example/latch', secret_env: 'S', events: ['user.created', 'user.updated'] },
      ],
    };
    const events = () =>
      db.query<{ subject: string; body_text: string }>(
        "SELECT subject, body_text FROM outbox WHERE project_id = $1 AND channel = 'webhook' ORDER BY subject",
        [hooked.project_id],
      );
    const quiet = await importUsers(
      db,
      hooked,
      chunked(lines({ email: 'hook-1@example.com' }, { email: 'hook-2@example.com' })),
      { bad: () => undefined, progress: () => undefined },
    );
    expect(quiet).toMatchObject({ created: 2 });
    expect(await events()).toEqual([]);

    const loud = await importUsers(
      db,
      hooked,
      chunked(
        lines(
          { email: 'hook-1@example.com' },
          { email: 'hook-2@example.com', name: { first_name: 'Changed' } },
          { email: 'hook-3@example.com' },
        ),
      ),
      { bad: () => undefined, progress: () => undefined },
      { webhooks: true },
    );
    expect(loud).toMatchObject({ created: 1, updated: 1, unchanged: 1 });
    const idOf = async (email: string) =>
      (await db.query<{ user_id: string }>('SELECT user_id FROM user_emails WHERE email = $1', [email]))[0]
        ?.user_id;
    expect((await events()).map((e) => [e.subject, JSON.parse(e.body_text).data])).toEqual([
      ['user.created', { project_id: hooked.project_id, user_id: await idOf('hook-3@example.com') }],
      ['user.updated', { project_id: hooked.project_id, user_id: await idOf('hook-2@example.com') }],
    ]);
  });

  it('exports what it imported, in the same format', async () => {
    const counts = { users: 0, skipped: 0, extraAddresses: 0 };
    const exported: string[] = [];
    for await (const line of exportUsers(db, project, counts)) exported.push(line);
    expect(counts).toEqual({ users: 3, skipped: 0, extraAddresses: 0 });
    const byEmail = new Map(
      exported.map((l) => JSON.parse(l) as Record<string, unknown>).map((u) => [u['email'], u]),
    );
    expect(byEmail.get('linus@example.com')).toMatchObject({
      external_id: 'legacy-5',
      status: 'pending',
      created_at: '2019-05-01T10:00:00.000Z',
    });
    expect(byEmail.get('grace@example.com')).toMatchObject({
      phone_number: '+15005550006',
      phone_number_verified: true,
    });
    // Read back in, the export changes nothing.
    expect((await run(db, exported.join('\n'))).counts).toMatchObject({
      created: 0,
      updated: 0,
      bad: 0,
      unchanged: 3,
    });
  });
});

describe('latch users import and export (the command)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'latch-cli-users-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const capture = (env: NodeJS.ProcessEnv): CliIo & { stdout: string[]; stderr: string[] } => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l), env };
  };

  it('reports bad lines on stderr, exits 1, and exports the users to a file', async () => {
    const env = {
      LATCH_DATA_DIR: dataDir,
      DATABASE_URL: await createPostgresDatabase(inject('postgresTemplate')),
    };
    const file = join(dataDir, 'users.jsonl');
    writeFileSync(file, FILE);
    const io = capture(env);
    expect(await runCli(commands, ['users', 'import', file], io)).toBe(EXIT.failed);
    expect(io.stderr).toContain('line 4: email: not a valid address');
    expect(io.stderr.at(-1)).toMatch(/^8 lines: 3 created, 0 updated, 0 unchanged, 4 bad \(\d+\.\d s\)$/);
    expect(io.stdout).toEqual(['8 lines: 3 created, 0 updated, 0 unchanged, 4 bad']);

    const good = join(dataDir, 'good.jsonl');
    const exported = capture(env);
    expect(await runCli(commands, ['users', 'export', good], exported)).toBe(EXIT.ok);
    expect(exported.stderr).toEqual(['3 users exported']);
    expect(readFileSync(good, 'utf8').trim().split('\n')).toHaveLength(3);
    const again = capture(env);
    expect(await runCli(commands, ['users', 'import', good], again)).toBe(EXIT.ok);
    expect(again.stdout).toEqual(['3 lines: 0 created, 0 updated, 3 unchanged, 0 bad']);

    const unmigrated = capture({ LATCH_DATA_DIR: dataDir, DATABASE_URL: await createPostgresDatabase() });
    expect(await runCli(commands, ['users', 'import', file], unmigrated)).toBe(EXIT.failed);
    expect(unmigrated.stderr[0]).toMatch(
      /^latch users import: the database is not migrated \(001_foundation, .*run 'latch migrate' first$/,
    );

    const usage = capture(env);
    expect(await runCli(commands, ['users', 'import'], usage)).toBe(EXIT.usage);
    const wrong = capture(env);
    expect(await runCli(commands, ['users', 'import', file, '--project', 'project-test-nope'], wrong)).toBe(
      EXIT.usage,
    );
    expect(wrong.stderr[0]).toMatch(/no project project-test-nope/);
  }, 60_000);
});
