import bcrypt from 'bcryptjs';
import { argon2id } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { authKitFor } from '../../test/authTestKit';

type Json = Record<string, unknown>;
let n = 0;
const freshEmail = (what: string) => `${what}${++n}-${Date.now()}@example.com`;
const OLD = 'old-System-password-3';
const NEWER = 'newer-System-password-5';
// The Argon2 reference's own vector: its password, 'password', is a breached one.
const BREACHED_ARGON2ID =
  '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';
const argon2idOf = (password: string): Promise<string> =>
  argon2id({
    password,
    salt: 'a-salt-of-16-bytes',
    iterations: 2,
    memorySize: 1024,
    parallelism: 1,
    hashLength: 32,
    outputType: 'encoded',
  });

describe('POST /v1/passwords/migrate', () => {
  const kit = authKitFor('pglite');

  const storedHash = async (userId: unknown): Promise<string> => {
    const [row] = await kit.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE user_id = $1',
      [userId],
    );
    return row?.password_hash ?? '';
  };

  it('creates the user with its profile; the old password signs in once and is rehashed at once', async () => {
    const email = freshEmail('bcrypt');
    const migrated = await kit.v1Ok('/v1/passwords/migrate', {
      email,
      hash: bcrypt.hashSync(OLD, 4),
      hash_type: 'bcrypt',
      name: { first_name: 'Ada' },
      trusted_metadata: { plan: 'pro' },
      phone_number: '+15005550006',
      set_email_verified: true,
      external_id: 'legacy|42',
    });
    expect(migrated).toMatchObject({ user_created: true, email_id: expect.stringMatching(/^email-test-/) });
    const user = migrated['user'] as Json;
    expect(user).toMatchObject({
      name: { first_name: 'Ada' },
      trusted_metadata: { plan: 'pro' },
      external_id: 'legacy|42',
      emails: [{ email, verified: true }],
      phone_numbers: [{ phone_number: '+15005550006', verified: false }],
      password: { requires_reset: false },
    });
    expect(await storedHash(migrated['user_id'])).toMatch(/^migrated\$/);

    const wrong = await kit.post('/passwords/authenticate', { email, password: 'not-The-old-one-4' });
    expect([wrong.status, wrong.body['error_type']]).toEqual([401, 'unauthorized_credentials']);
    expect(await storedHash(migrated['user_id'])).toMatch(/^migrated\$/);

    const signedIn = await kit.ok('/passwords/authenticate', {
      email,
      password: OLD,
      session_duration_minutes: 60,
    });
    expect(signedIn['user_id']).toBe(migrated['user_id']);
    expect(await storedHash(migrated['user_id'])).toMatch(/^scrypt\$/);
    // Our own hash now answers, for the old password and from the backend too.
    const again = await kit.v1Ok('/v1/passwords/authenticate', { email, password: OLD });
    expect(again['user_id']).toBe(migrated['user_id']);
  });

  it('gives a passwordless user of the email the password (user_created false)', async () => {
    const email = freshEmail('existing');
    const created = await kit.v1Ok('/v1/users', { email });
    const migrated = await kit.v1Ok('/v1/passwords/migrate', {
      email,
      hash: await argon2idOf(NEWER),
      hash_type: 'argon_2id',
    });
    expect(migrated).toMatchObject({ user_created: false, user_id: created['user_id'] });
    const signedIn = await kit.v1Ok('/v1/passwords/authenticate', { email, password: NEWER });
    expect(signedIn['user_id']).toBe(created['user_id']);
    expect(await storedHash(created['user_id'])).toMatch(/^scrypt\$/);
  });

  it("an account a stranger made for the email: the migration ends the stranger's session and password", async () => {
    const email = freshEmail('claimed');
    const stranger = await kit.ok('/passwords', { email, password: NEWER, session_duration_minutes: 60 });
    expect((await kit.backend({ session_token: stranger['session_token'] })).status).toBe(200);
    await kit.v1Ok('/v1/passwords/migrate', {
      email,
      hash: bcrypt.hashSync(OLD, 4),
      hash_type: 'bcrypt',
      set_email_verified: true,
    });
    expect((await kit.backend({ session_token: stranger['session_token'] })).status).toBe(404);
    expect((await kit.v1('POST', '/v1/passwords/authenticate', { email, password: NEWER })).status).toBe(401);
    await kit.v1Ok('/v1/passwords/authenticate', { email, password: OLD });
  });

  it('a run again replaces the hash: the newer one signs in, the older no longer', async () => {
    const email = freshEmail('again');
    await kit.v1Ok('/v1/passwords/migrate', { email, hash: bcrypt.hashSync(OLD, 4), hash_type: 'bcrypt' });
    const second = await kit.v1Ok('/v1/passwords/migrate', {
      email,
      hash: await argon2idOf(NEWER),
      hash_type: 'argon_2id',
    });
    expect(second['user_created']).toBe(false);
    const old = await kit.v1('POST', '/v1/passwords/authenticate', { email, password: OLD });
    expect(old.status).toBe(401);
    await kit.v1Ok('/v1/passwords/authenticate', { email, password: NEWER });
  });

  it('a breached migrated password must be reset: the reset link is emailed, the hash kept until then', async () => {
    const email = freshEmail('breached');
    const migrated = await kit.v1Ok('/v1/passwords/migrate', {
      email,
      hash: BREACHED_ARGON2ID,
      hash_type: 'argon_2id',
    });
    const r = await kit.post('/passwords/authenticate', { email, password: 'password' });
    expect([r.status, r.body['error_type']]).toEqual([400, 'reset_password']);
    expect((await kit.latest(email)).subject).toBeTruthy();
    expect(await storedHash(migrated['user_id'])).toMatch(/^migrated\$/);
  });

  it('refuses a malformed hash, an unknown type, a taken external_id and roles, storing nothing', async () => {
    const taken = freshEmail('taken');
    await kit.v1Ok('/v1/passwords/migrate', {
      email: taken,
      hash: bcrypt.hashSync(OLD, 4),
      hash_type: 'bcrypt',
      external_id: 'taken-id',
    });
    const email = freshEmail('bad');
    for (const [body, type, message] of [
      [{ email, hash: 'nope', hash_type: 'bcrypt' }, 'invalid_field', /bcrypt/],
      [{ email, hash: 'abc', hash_type: 'md_4' }, 'invalid_field', /hash_type/],
      [
        { email, hash: bcrypt.hashSync(OLD, 4), hash_type: 'bcrypt', external_id: 'taken-id' },
        'duplicate_external_id',
        /external_id/,
      ],
      [
        { email, hash: bcrypt.hashSync(OLD, 4), hash_type: 'bcrypt', external_id: 'no spaces' },
        'invalid_field',
        /external_id/,
      ],
      [
        { email, hash: bcrypt.hashSync(OLD, 4), hash_type: 'bcrypt', roles: ['admin'] },
        'invalid_field',
        /roles/,
      ],
    ] as const) {
      const r = await kit.v1('POST', '/v1/passwords/migrate', body);
      expect([r.status, r.body['error_type']], JSON.stringify(body)).toEqual([400, type]);
      expect(r.body['error_message']).toMatch(message);
    }
    const search = await kit.v1Ok('/v1/users/search', {
      query: { operator: 'AND', operands: [{ filter_name: 'email_address', filter_value: [email] }] },
    });
    expect(search['results']).toEqual([]);
  });
});
