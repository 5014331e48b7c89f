import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/Db';
import { DB_KINDS, openMigratedTestDb } from '../../test/testDatabases';
import {
  createUser,
  DuplicateIdentifierError,
  findOrCreateUserByEmail,
  findOrCreateUserByPhone,
  findUser,
  findUserIdByEmail,
  findUserIdByPhone,
  isE164,
  isValidEmail,
  loadUser,
  normalizeEmail,
  proveAddress,
  UserNotFoundError,
} from '.';

const project = { project_id: 'project-test-users', test: true };

describe('email and phone rules', () => {
  it('normalizes and checks emails', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
    for (const ok of ['a@example.com', 'a.b+tag@sub.example.co', "o'brien@example.ie"])
      expect(isValidEmail(ok)).toBe(true);
    for (const bad of [
      '',
      'a',
      'a@b',
      '@example.com',
      'a@@example.com',
      'a..b@example.com',
      'a@-x.com',
      'a b@x.com',
      'a@x.c0m',
    ])
      expect(isValidEmail(bad)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });

  it('accepts E.164 only: + and 8 to 15 digits, first digit 1-9', () => {
    for (const ok of ['+15555550100', '+4930123456', '+12345678', '+123456789012345'])
      expect(isE164(ok)).toBe(true);
    for (const bad of [
      '15555550100',
      '+0555550100',
      '+1234567',
      '+1234567890123456',
      '+1 555 555 0100',
      '+1555555010a',
    ])
      expect(isE164(bad)).toBe(false);
  });
});

describe.each(DB_KINDS)('users store on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigratedTestDb(kind);
  }, 60_000);
  afterAll(() => db?.close());

  it('creates a user with email and phone and loads the full API User shape', async () => {
    const created = await createUser(db, project, {
      email: ' Grace@Example.com',
      phone_number: '+15555550111',
      status: 'pending',
    });
    expect(created.user_id).toMatch(/^user-test-/);
    expect(created.email_id).toMatch(/^email-test-/);
    expect(created.phone_id).toMatch(/^phone-number-test-/);
    expect(await findUserIdByEmail(db, project.project_id, 'GRACE@example.com ')).toBe(created.user_id);
    expect(await findUserIdByPhone(db, project.project_id, '+15555550111')).toBe(created.user_id);
    expect(await findUserIdByEmail(db, 'another-project', 'grace@example.com')).toBeNull();

    const proof = { project, userId: created.user_id, requestSession: {}, now: new Date() };
    await proveAddress(db, { ...proof, address: { emailId: created.email_id ?? '' } });
    await proveAddress(db, { ...proof, address: { phoneId: created.phone_id ?? '' } });
    const user = await loadUser(db, created.user_id);
    expect(user).toEqual({
      user_id: created.user_id,
      created_at: expect.stringMatching(/Z$/),
      status: 'active',
      name: { first_name: '', middle_name: '', last_name: '' },
      emails: [{ email_id: created.email_id, email: 'grace@example.com', verified: true }],
      phone_numbers: [{ phone_id: created.phone_id, phone_number: '+15555550111', verified: true }],
      providers: [],
      password: null,
      crypto_wallets: [],
      webauthn_registrations: [],
      totps: [],
      roles: [],
      trusted_metadata: {},
      untrusted_metadata: {},
    });
  });

  it('shows a password as {password_id, requires_reset}', async () => {
    const { user_id } = await createUser(db, project, { email: 'pw@example.com' });
    await db.query(
      "UPDATE users SET password_id = 'password-test-1', password_requires_reset = true WHERE user_id = $1",
      [user_id],
    );
    expect((await loadUser(db, user_id)).password).toEqual({
      password_id: 'password-test-1',
      requires_reset: true,
    });
  });

  it('refuses a second user for one address; findOrCreate survives concurrent sign-ups', async () => {
    await createUser(db, project, { email: 'taken@example.com' });
    await expect(createUser(db, project, { email: 'TAKEN@example.com' })).rejects.toBeInstanceOf(
      DuplicateIdentifierError,
    );
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        findOrCreateUserByEmail(db, project, 'race@example.com', { status: 'pending' }),
      ),
    );
    expect(new Set(results.map((r) => r.user_id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results.every((r) => r.status === 'pending')).toBe(true);
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE project_id = $1',
      [project.project_id],
    );
    expect(n).toBe(4);
  });

  it('creates a user with a phone only, and on a duplicate creates nothing', async () => {
    const other = { project_id: 'project-test-users-phone', test: true };
    const created = await createUser(db, other, { phone_number: '+15555550222', status: 'pending' });
    expect([created.email_id, created.phone_id]).toEqual([
      null,
      expect.stringMatching(/^phone-number-test-/),
    ]);
    expect((await loadUser(db, created.user_id)).status).toBe('pending');
    await expect(createUser(db, other, { phone_number: '+15555550222' })).rejects.toBeInstanceOf(
      DuplicateIdentifierError,
    );
    const found = await findOrCreateUserByPhone(db, other, '+15555550222');
    expect(found).toEqual({
      user_id: created.user_id,
      method_id: created.phone_id,
      created: false,
      status: 'pending',
    });
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE project_id = $1',
      [other.project_id],
    );
    expect(n).toBe(1);
  });

  it('answers null or throws for an unknown user', async () => {
    expect(await findUser(db, 'user-test-nobody')).toBeNull();
    await expect(loadUser(db, 'user-test-nobody')).rejects.toBeInstanceOf(UserNotFoundError);
  });
});
