import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import bcrypt from 'bcryptjs';
import { argon2id } from 'hash-wasm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { captureIo } from '../../../test/cliIo';
import { PROJECT_ID, PROJECT_SECRET } from '../../../test/authTestKit';
import { basic, HOST, testConfig, TEST_TOKEN } from '../../../test/testConfig';
import { testApp } from '../../../test/testApp';
import { createPostgresDatabase } from '../../../test/testDatabases';
import type { Db } from '../../db/Db';
import { openPostgresDb } from '../../db/postgres';
import { EXIT } from '../Command';
import { commands } from '../commands';
import { runCli } from '../runCli';

type Json = Record<string, unknown>;

const GUIDE = readFileSync(new URL('../../../../../docs/importing-users.md', import.meta.url), 'utf8');

/** The shell block of the guide's `## From <source>` section, as an operator would paste it. */
function recipe(source: string): string {
  const section = GUIDE.split(/^## /m).find((part) => part.startsWith(`From ${source}\n`));
  const block = section?.match(/^```sh\n([\s\S]*?)^```$/m)?.[1];
  if (!block) throw new Error(`docs/importing-users.md has no sh block under "## From ${source}"`);
  return block;
}

const PASSWORD = 'Imported-Recipe-Password-7';

/**
 * Each recipe of docs/importing-users.md, taken from the guide itself and run by bash (jq, psql) on
 * a sample export in the source's own format, then `latch users import` of what it wrote into a
 * provider's PostgreSQL: the users arrive, a second run changes nothing, the passwords sign in.
 */
describe('the import recipes of docs/importing-users.md', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let db: Db;
  let app: ReturnType<typeof testApp>['app'];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'latch-import-recipes-'));
    const configFile = join(dir, 'config.json');
    writeFileSync(configFile, JSON.stringify(testConfig()));
    const databaseUrl = await createPostgresDatabase(inject('postgresTemplate'));
    env = { LATCH_DATA_DIR: dir, LATCH_CONFIG: configFile, DATABASE_URL: databaseUrl };
    db = openPostgresDb(databaseUrl);
    app = testApp({ db, config: testConfig() }).app;
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the source's recipe in its own folder holding `files`; answers the lines it wrote. */
  async function runRecipe(source: string, files: Record<string, string>, extraEnv: Json = {}) {
    const cwd = mkdtempSync(join(dir, `${source}-`));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text);
    await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', recipe(source)], {
      cwd,
      env: { PATH: process.env['PATH'], ...extraEnv },
    });
    const file = join(cwd, 'users.jsonl');
    return { file, lines: readFileSync(file, 'utf8').trim().split('\n') };
  }

  /** `latch users import FILE` twice: answers the first run's summary; the second must change nothing. */
  async function importTwice(file: string, count: number): Promise<void> {
    const first = captureIo(env);
    expect(await runCli(commands, ['users', 'import', file, '--project', PROJECT_ID], first)).toBe(EXIT.ok);
    expect(first.stdout).toEqual([`${count} lines: ${count} created, 0 updated, 0 unchanged, 0 bad`]);
    const again = captureIo(env);
    expect(await runCli(commands, ['users', 'import', file, '--project', PROJECT_ID], again)).toBe(EXIT.ok);
    expect(again.stdout).toEqual([`${count} lines: 0 created, 0 updated, ${count} unchanged, 0 bad`]);
  }

  /** The user an external id names, as the backend API answers it. */
  async function userOf(externalId: string): Promise<Json> {
    const response = await app.request(`/v1/users/${encodeURIComponent(externalId)}`, {
      headers: { Authorization: basic(PROJECT_ID, PROJECT_SECRET) },
    });
    const body = (await response.json()) as Json;
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body;
  }

  /** A password sign-in as the widget makes it: the status and error type (none when it signed in). */
  async function signIn(email: string, password: string): Promise<[number, unknown]> {
    const response = await app.request('/sdk/v1/passwords/authenticate', {
      method: 'POST',
      headers: { Authorization: basic(TEST_TOKEN), 'Content-Type': 'application/json', Origin: HOST },
      body: JSON.stringify({ email, password, session_duration_minutes: 60 }),
    });
    return [response.status, ((await response.json()) as Json)['error_type']];
  }

  /** The imported password signs the user in; a wrong one is refused. */
  async function expectPassword(email: string): Promise<void> {
    expect(await signIn(email, 'Not-The-Password-7')).toEqual([401, 'unauthorized_credentials']);
    expect(await signIn(email, PASSWORD)).toEqual([200, undefined]);
  }

  it('From Auth0: the bulk export joined with the password hashes file', async () => {
    const hash = bcrypt.hashSync(PASSWORD, 10);
    const profile = { nickname: 'x', picture: 'https://s.gravatar.com/avatar/0', logins_count: 3 };
    const users = [
      {
        user_id: 'auth0|60425da93519d90068f82966',
        email: 'ada@auth0.example',
        email_verified: true,
        given_name: 'Ada',
        family_name: 'Lovelace',
        name: 'Ada Lovelace',
        created_at: '2021-03-05T16:40:09.846Z',
        app_metadata: { plan: 'pro' },
        user_metadata: { theme: 'dark' },
        identities: [{ connection: 'Username-Password-Authentication', provider: 'auth0', isSocial: false }],
        ...profile,
      },
      // A database user the hashes file names by its alt_id.
      {
        user_id: 'auth0|euclid',
        email: 'euclid@auth0.example',
        email_verified: false,
        created_at: '2020-01-02T03:04:05.000Z',
        ...profile,
      },
      {
        user_id: 'google-oauth2|106214589012345678901',
        email: 'grace@auth0.example',
        email_verified: true,
        given_name: 'Grace',
        created_at: '2022-06-01T08:00:00.000Z',
        ...profile,
      },
      // Passwordless by SMS: no email at all.
      {
        user_id: 'sms|63b6a4e1f0c0b1a2c3d4e5f6',
        phone_number: '+15005550006',
        phone_verified: true,
        created_at: '2023-01-05T10:00:00.000Z',
        ...profile,
      },
      { user_id: 'auth0|5f0000000000000000000001', email: 'blocked@auth0.example', blocked: true },
    ];
    const hashes = [
      {
        _id: { $oid: '60425da93519d90068f82966' },
        email_verified: true,
        email: 'ada@auth0.example',
        passwordHash: hash,
        password_set_date: { $date: '2021-03-05T16:40:09.846Z' },
        tenant: 'example',
        connection: 'Username-Password-Authentication',
        _tmp_is_unique: true,
      },
      {
        _id: { $oid: '5dea9f9c82dd7c0e76e4ec93' },
        alt_id: 'euclid',
        email: 'euclid@auth0.example',
        passwordHash: hash,
        connection: 'Username-Password-Authentication',
      },
    ];
    const ndjson = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).join('\n') + '\n';
    const { file, lines } = await runRecipe('Auth0', {
      'auth0-users.json': ndjson(users),
      'hashes.json': ndjson(hashes),
    });
    expect(lines).toHaveLength(4);
    await importTwice(file, 4);

    expect(await userOf('auth0|60425da93519d90068f82966')).toMatchObject({
      emails: [{ email: 'ada@auth0.example', verified: true }],
      name: { first_name: 'Ada', last_name: 'Lovelace' },
      trusted_metadata: { plan: 'pro' },
      untrusted_metadata: { theme: 'dark' },
      created_at: '2021-03-05T16:40:09.846Z',
      password: { requires_reset: false },
    });
    expect(await userOf('auth0|euclid')).toMatchObject({
      emails: [{ email: 'euclid@auth0.example', verified: false }],
      password: { requires_reset: false },
    });
    const grace = await userOf('google-oauth2|106214589012345678901');
    expect(grace).toMatchObject({ emails: [{ verified: true }], name: { first_name: 'Grace' } });
    expect(grace['password']).toBeFalsy();
    expect(await userOf('sms|63b6a4e1f0c0b1a2c3d4e5f6')).toMatchObject({
      emails: [],
      phone_numbers: [{ phone_number: '+15005550006', verified: true }],
    });
    expect(lines.join('\n')).not.toContain('blocked@');

    await expectPassword('ada@auth0.example');
    await expectPassword('euclid@auth0.example');
  }, 60_000);

  it('From Firebase: auth:export JSON, without its passwords', async () => {
    const firebaseHash = {
      passwordHash:
        'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+tHO0EQ+kx5wxc+aK0plZhtA==',
      salt: '42xEC+ixf3L2lw==',
    };
    const exported = {
      users: [
        {
          localId: 'Ky7gTXeFCGRbjMSpGcEfvABRAyK2',
          email: 'linus@firebase.example',
          emailVerified: true,
          ...firebaseHash,
          lastSignedInAt: '1684872981000',
          createdAt: '1484872981123',
          displayName: 'Linus Torvalds',
          photoUrl: 'https://example.com/linus.png',
          disabled: false,
          customAttributes: '{"admin": true, "tier": {"name": "gold"}}',
          providerUserInfo: [
            {
              providerId: 'password',
              email: 'linus@firebase.example',
              federatedId: 'linus@firebase.example',
            },
          ],
        },
        {
          localId: 'pH0n3uSeR0000000000000000002',
          phoneNumber: '+15005550007',
          lastSignedInAt: '1684872981000',
          createdAt: '1584872981000',
          disabled: false,
          providerUserInfo: [{ providerId: 'phone', phoneNumber: '+15005550007', rawId: '+15005550007' }],
        },
        {
          localId: 'uNv3r1f13d000000000000000003',
          email: 'margaret@firebase.example',
          emailVerified: false,
          ...firebaseHash,
          createdAt: '1684872981000',
          disabled: false,
          providerUserInfo: [],
        },
        {
          localId: 'd1sAbl3d00000000000000000004',
          email: 'disabled@firebase.example',
          emailVerified: true,
          createdAt: '1684872981000',
          disabled: true,
          providerUserInfo: [],
        },
      ],
    };
    const { file, lines } = await runRecipe('Firebase', { 'users.json': JSON.stringify(exported, null, 2) });
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).not.toContain('passwordHash');
    await importTwice(file, 3);

    const linus = await userOf('Ky7gTXeFCGRbjMSpGcEfvABRAyK2');
    expect(linus).toMatchObject({
      emails: [{ email: 'linus@firebase.example', verified: true }],
      name: { first_name: 'Linus Torvalds' },
      trusted_metadata: { admin: true, tier: { name: 'gold' } },
      // To the second: the recipe's todate drops the milliseconds.
      created_at: '2017-01-20T00:43:01.000Z',
    });
    expect(linus['password']).toBeFalsy();
    expect(await userOf('pH0n3uSeR0000000000000000002')).toMatchObject({
      emails: [],
      phone_numbers: [{ phone_number: '+15005550007', verified: true }],
    });
    expect(await userOf('uNv3r1f13d000000000000000003')).toMatchObject({
      emails: [{ email: 'margaret@firebase.example', verified: false }],
    });
    expect(lines.join('\n')).not.toContain('disabled@');
  }, 60_000);

  it("From Supabase: psql over auth.users as Supabase's migrations define it", async () => {
    const supabaseUrl = await createPostgresDatabase();
    const sql = postgres(supabaseUrl, { max: 1, onnotice: () => undefined });
    try {
      await sql.unsafe(readFileSync(new URL('../../../test/supabaseAuthUsers.sql', import.meta.url), 'utf8'));
      const argon = await argon2id({
        password: PASSWORD,
        salt: 'a-salt-of-16-bytes',
        iterations: 2,
        memorySize: 19_456,
        parallelism: 1,
        hashLength: 32,
        outputType: 'encoded',
      });
      // As the auth server writes them: the audience and role, the identity in the user's metadata.
      const rows = [
        [
          '7f1b6c2e-8d7a-4c1e-9b3a-1a2b3c4d5e01',
          'ada@supabase.example',
          bcrypt.hashSync(PASSWORD, 10),
          true,
          null,
        ],
        ['7f1b6c2e-8d7a-4c1e-9b3a-1a2b3c4d5e02', 'ARGON@supabase.example', argon, true, null],
        ['7f1b6c2e-8d7a-4c1e-9b3a-1a2b3c4d5e03', 'oauth@supabase.example', null, true, null],
        ['7f1b6c2e-8d7a-4c1e-9b3a-1a2b3c4d5e04', null, '', false, '15005550008'],
        [
          '7f1b6c2e-8d7a-4c1e-9b3a-1a2b3c4d5e05',
          'pending@supabase.example',
          bcrypt.hashSync(PASSWORD, 4),
          false,
          null,
        ],
      ] as const;
      for (const [id, email, hash, confirmed, phone] of rows)
        await sql`
          INSERT INTO auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
            phone, phone_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
          VALUES ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${email},
            ${hash}, ${confirmed && email ? sql`'2024-02-03T04:05:06.123456Z'::timestamptz` : null}, ${phone},
            ${phone ? sql`now()` : null},
            ${sql.json({ provider: hash === null ? 'google' : 'email', providers: [hash === null ? 'google' : 'email'] })},
            ${sql.json({ sub: id, email, email_verified: confirmed, phone_verified: false, full_name: 'Someone', nickname: null })},
            '2024-02-03T04:05:06.123456Z', now())`;
      await sql`INSERT INTO auth.users (id, email, deleted_at, created_at)
        VALUES ('7f1b6c2e-8d7a-4c1e-9b3a-1a2b3c4d5e06', 'deleted@supabase.example', now(), now())`;
      await sql`INSERT INTO auth.users (id, is_anonymous, created_at)
        VALUES ('7f1b6c2e-8d7a-4c1e-9b3a-1a2b3c4d5e07', true, now())`;
      await sql`INSERT INTO auth.users (id, email, banned_until, created_at)
        VALUES ('7f1b6c2e-8d7a-4c1e-9b3a-1a2b3c4d5e08', 'banned@supabase.example', now() + interval '1 day', now())`;
    } finally {
      await sql.end();
    }

    const { file, lines } = await runRecipe('Supabase', {}, { SUPABASE_DB_URL: supabaseUrl });
    expect(lines).toHaveLength(5);
    await importTwice(file, 5);

    const ada = await userOf('7f1b6c2e-8d7a-4c1e-9b3a-1a2b3c4d5e01');
    expect(ada).toMatchObject({
      emails: [{ email: 'ada@supabase.example', verified: true }],
      trusted_metadata: { provider: 'email', providers: ['email'] },
      untrusted_metadata: { email_verified: true, full_name: 'Someone' },
      created_at: '2024-02-03T04:05:06.123Z',
      password: { requires_reset: false },
    });
    // json_strip_nulls: a null in the metadata is dropped.
    expect(ada['untrusted_metadata']).not.toHaveProperty('nickname');
    const oauth = await userOf('7f1b6c2e-8d7a-4c1e-9b3a-1a2b3c4d5e03');
    expect(oauth['password']).toBeFalsy();
    expect(await userOf('7f1b6c2e-8d7a-4c1e-9b3a-1a2b3c4d5e04')).toMatchObject({
      emails: [],
      phone_numbers: [{ phone_number: '+15005550008', verified: true }],
    });
    expect(await userOf('7f1b6c2e-8d7a-4c1e-9b3a-1a2b3c4d5e05')).toMatchObject({
      emails: [{ email: 'pending@supabase.example', verified: false }],
    });
    for (const left of ['deleted@', 'banned@', 'e07']) expect(lines.join('\n')).not.toContain(left);

    await expectPassword('ada@supabase.example');
    await expectPassword('argon@supabase.example');
  }, 60_000);
});
