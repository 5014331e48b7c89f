import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Row } from '../db/Db';
import { DB_KINDS } from '../../test/testDatabases';
import { createTestAuthenticator } from '@latch/test-support/passkeys';
import { openWebAuthnKit, type Reply, type WebAuthnKit } from '../../test/webauthnTestKit';

const errorType = (reply: Reply) => [reply.status, reply.body['error_type']];

describe.each(DB_KINDS)('users/me and passkey management on %s', (kind) => {
  let kit: WebAuthnKit;
  beforeAll(async () => {
    kit = await openWebAuthnKit(kind);
  }, 60_000);
  afterAll(() => kit?.close());

  const rename = (id: unknown, body: unknown, sessionToken?: string) =>
    kit.call('PUT', `/webauthn/update/${String(id)}`, body, sessionToken);
  const remove = (id: unknown, sessionToken?: string) =>
    kit.call('DELETE', `/users/webauthn_registrations/${String(id)}`, undefined, sessionToken);

  it('answers the signed-in user with the User fields at the top level', async () => {
    const { sessionToken, userId, email } = await kit.signUp();
    const reply = await kit.call('GET', '/users/me', undefined, sessionToken);
    expect(reply.status).toBe(200);
    const data = reply.body['data'] as Record<string, unknown>;
    expect(data).toMatchObject({
      user_id: userId,
      status: 'active',
      emails: [expect.objectContaining({ email, verified: true })],
      webauthn_registrations: [],
      request_id: expect.any(String),
      status_code: 200,
    });
    expect(data['user']).toBeUndefined();
  });

  it('needs a session: user_unauthenticated without one', async () => {
    expect(errorType(await kit.call('GET', '/users/me'))).toEqual([401, 'user_unauthenticated']);
    expect(errorType(await kit.call('GET', '/users/me', undefined, 'expired-or-forged'))).toEqual([
      401,
      'user_unauthenticated',
    ]);
    expect(errorType(await rename('webauthn-registration-test-x', { name: 'A' }))).toEqual([
      401,
      'user_unauthenticated',
    ]);
    expect(errorType(await remove('webauthn-registration-test-x'))).toEqual([401, 'user_unauthenticated']);
  });

  it('answers a session whose user is gone as a dead session (user_unauthenticated), not a 500', async () => {
    const { sessionToken, userId } = await kit.signUp();
    const query = kit.db.query.bind(kit.db);
    // Changed since the sign-up (whose user this process holds), so the next call reads the user again.
    await query(`UPDATE users SET untrusted_metadata = '{"changed": true}' WHERE user_id = $1`, [userId]);
    // The user row vanishes between the session lookup and the user read (deleted meanwhile).
    const spy = vi
      .spyOn(kit.db, 'query')
      .mockImplementation(<T extends Row>(sql: string, params?: readonly unknown[]) =>
        sql.includes('password_requires_reset') ? Promise.resolve<T[]>([]) : query<T>(sql, params),
      );
    try {
      expect(errorType(await kit.call('GET', '/users/me', undefined, sessionToken))).toEqual([
        401,
        'user_unauthenticated',
      ]);
    } finally {
      spy.mockRestore();
    }
  });

  it('lists, renames and deletes a passkey; a deleted passkey no longer signs in', async () => {
    const { sessionToken, userId } = await kit.signUp();
    const authenticator = createTestAuthenticator();
    const id = kit.data(await kit.register(sessionToken, authenticator))['webauthn_registration_id'];
    expect((await kit.me(sessionToken))['webauthn_registrations']).toEqual([
      expect.objectContaining({ webauthn_registration_id: id, name: 'Passkey', domain: 'localhost' }),
    ]);

    const renamed = kit.data(await rename(id, { name: '  Work laptop ' }, sessionToken));
    expect(renamed['webauthn_registration']).toEqual({
      webauthn_registration_id: id,
      domain: 'localhost',
      user_agent: 'TestBrowser/1.0',
      authenticator_type: 'platform',
      verified: true,
      name: 'Work laptop',
    });
    expect((await kit.me(sessionToken))['webauthn_registrations']).toEqual([
      expect.objectContaining({ webauthn_registration_id: id, name: 'Work laptop' }),
    ]);

    expect(kit.data(await remove(id, sessionToken))['user_id']).toBe(userId);
    expect((await kit.me(sessionToken))['webauthn_registrations']).toEqual([]);
    expect(errorType(await remove(id, sessionToken))).toEqual([404, 'webauthn_registration_not_found']);
    expect(errorType(await kit.login(authenticator))).toEqual([404, 'webauthn_registration_not_found']);
  });

  it("cannot rename or delete someone else's passkey", async () => {
    const owner = await kit.signUp();
    const id = kit.data(await kit.register(owner.sessionToken))['webauthn_registration_id'];
    const intruder = await kit.signUp();
    expect(errorType(await rename(id, { name: 'Mine now' }, intruder.sessionToken))).toEqual([
      404,
      'webauthn_registration_not_found',
    ]);
    expect(errorType(await remove(id, intruder.sessionToken))).toEqual([
      404,
      'webauthn_registration_not_found',
    ]);
    expect((await kit.me(owner.sessionToken))['webauthn_registrations']).toEqual([
      expect.objectContaining({ webauthn_registration_id: id, name: 'Passkey' }),
    ]);
  });

  it('refuses names that are empty, blank or longer than 100 characters', async () => {
    const { sessionToken } = await kit.signUp();
    const id = kit.data(await kit.register(sessionToken))['webauthn_registration_id'];
    for (const body of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 7 }]) {
      expect(errorType(await rename(id, body, sessionToken)), JSON.stringify(body)).toEqual([
        400,
        'invalid_field',
      ]);
    }
    expect(errorType(await rename(id, {}, sessionToken))).toEqual([400, 'missing_field']);
    expect(
      kit.data(await rename(id, { name: 'x'.repeat(100) }, sessionToken))['webauthn_registration'],
    ).toMatchObject({
      name: 'x'.repeat(100),
    });
  });

  it('answers 405 for a wrong method on a known path', async () => {
    const reply = await kit.call('POST', '/users/me', {});
    expect(errorType(reply)).toEqual([405, 'method_not_allowed']);
  });
});
