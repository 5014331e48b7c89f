import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '../crypto/hash';
import { DB_KINDS } from '../../test/testDatabases';
import { openAuthKit, PROJECT_ID, type AuthKit } from '../../test/authTestKit';
import { knownUsers } from './knownUsers';
import { ACCESS_RECORD_SECONDS, touchLiveSession } from './sessionRow';

type User = {
  user_id: string;
  name: { first_name: string };
  emails: { email_id: string }[];
  phone_numbers: unknown[];
};
type Session = { session_id: string; last_accessed_at: string; expires_at: string };
let n = 0;
const freshEmail = () => `known${++n}-${Date.now()}@example.com`;

describe.each(DB_KINDS)('the user a refresh answers, on %s', (kind) => {
  let kit: AuthKit;
  beforeAll(async () => {
    kit = await openAuthKit(kind);
  }, 60_000);
  afterAll(() => kit?.close());
  afterEach(() => vi.useRealTimers());

  const version = async (userId: string) =>
    (
      await kit.db.query<{ v: string }>('SELECT version::text AS v FROM users WHERE user_id = $1', [userId])
    )[0]?.v;
  const refreshUser = async (token: string) =>
    (await kit.ok('/sessions/authenticate', {}, token))['user'] as User;

  it('is the user as it is now after every kind of change, though an unchanged one is not rebuilt', async () => {
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    const userId = String(signedIn['user_id']);
    expect(await refreshUser(token)).toEqual(signedIn['user']);
    // Same again: this time the process holds the user at its version.
    const held = () => knownUsers(kit.db).get(`token:${sha256Hex(token)}`)?.version;
    expect(held()).toBe(await version(userId));
    expect(await refreshUser(token)).toEqual(signedIn['user']);

    // The users row, through the backend API.
    const put = await kit.v1('PUT', `/v1/users/${userId}`, { name: { first_name: 'Ada' } });
    expect(put.status).toBe(200);
    expect((await refreshUser(token)).name.first_name).toBe('Ada');
    expect(held()).toBe(await version(userId));

    // A row of a sub-list added, then another removed through the backend API.
    await kit.db.query(
      `INSERT INTO user_phone_numbers (phone_id, user_id, project_id, phone_number, verified)
       VALUES ($1, $2, $3, '+15555550123', true)`,
      [`phone-test-${userId}`, userId, PROJECT_ID],
    );
    expect((await refreshUser(token)).phone_numbers).toHaveLength(1);
    const [email] = (await refreshUser(token)).emails;
    const removed = await kit.v1('DELETE', `/v1/users/emails/${String(email?.email_id)}`);
    expect(removed.status).toBe(200);
    expect((await refreshUser(token)).emails).toEqual([]);
    // The backend API reads the user afresh: the refresh answers the same.
    expect((await kit.v1('GET', `/v1/users/${userId}`)).body).toMatchObject(await refreshUser(token));
  });

  it("answers the JSON only when the version sent is not the user's: every change moves it", async () => {
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    const userId = String(signedIn['user_id']);
    const key = { tokenHash: sha256Hex(token) };
    const touch = (userVersion?: string) =>
      touchLiveSession(kit.db, PROJECT_ID, key, new Date(), undefined, { userVersion });

    const first = await touch();
    expect(first?.user_json?.user_id).toBe(userId);
    const v0 = String(first?.user_version);
    expect(v0).toBe(await version(userId));
    const same = await touch(v0);
    expect([same?.user_version, same?.user_json]).toEqual([v0, null]);

    // Each statement below changes what the user's JSON holds: each moves the version.
    const changes = [
      [`UPDATE users SET name = '{"first_name":"B","middle_name":"","last_name":""}' WHERE user_id = $1`],
      [
        `INSERT INTO user_crypto_wallets (crypto_wallet_id, user_id, project_id, crypto_wallet_type, crypto_wallet_address)
         VALUES ('wallet-' || $1, $1, 'p', 'ethereum', 'addr-' || $1)`,
      ],
      [`UPDATE user_crypto_wallets SET verified = false WHERE user_id = $1`],
      [`DELETE FROM user_crypto_wallets WHERE user_id = $1`],
      [`UPDATE user_emails SET verified = NOT verified WHERE user_id = $1`],
    ];
    // Updates that change nothing (every sign-in marks its email verified again) leave it.
    await kit.db.query('UPDATE user_emails SET verified = verified WHERE user_id = $1', [userId]);
    await kit.db.query('UPDATE users SET status = status WHERE user_id = $1', [userId]);
    expect(await version(userId)).toBe(v0);
    let previous = v0;
    for (const [sql] of changes) {
      await kit.db.query(String(sql), [userId]);
      const now = await version(userId);
      expect(now, String(sql)).not.toBe(previous);
      const touched = await touch(previous);
      expect(touched?.user_version).toBe(now);
      expect(touched?.user_json?.user_id).toBe(userId);
      previous = String(now);
    }
  });

  it('reuses the session built from the same row version, and builds it again once the row is written', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    const held = () => knownUsers(kit.db).get(`token:${sha256Hex(token)}`)?.session;
    const refreshAt = async (ms: number, body: object = {}) => {
      vi.setSystemTime(start + ms);
      return (await kit.ok('/sessions/authenticate', body, token))['session'] as Session;
    };

    const first = await refreshAt(1_000);
    const built = held();
    expect(built?.session).toEqual(first);
    expect(await refreshAt(2_000)).toEqual(first);
    expect(held()?.session).toBe(built?.session);
    // The access recorded a minute on: a new row version, a new session with the new access time.
    const recorded = await refreshAt(ACCESS_RECORD_SECONDS * 1000);
    expect(recorded.last_accessed_at).toBe(new Date(start + ACCESS_RECORD_SECONDS * 1000).toISOString());
    expect(held()?.rowVersion).not.toBe(built?.rowVersion);
    expect(held()?.session).toEqual(recorded);
    // Extended: written, answered with the new expiry, and that is what the next refresh answers.
    const extended = await refreshAt(ACCESS_RECORD_SECONDS * 1000 + 1_000, { session_duration_minutes: 90 });
    expect(extended.expires_at).toBe(
      new Date(start + ACCESS_RECORD_SECONDS * 1000 + 1_000 + 90 * 60_000).toISOString(),
    );
    expect(await refreshAt(ACCESS_RECORD_SECONDS * 1000 + 2_000)).toEqual(extended);
  });

  it('answers a row written elsewhere as written, and refuses it once revoked elsewhere', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    const hash = sha256Hex(token);
    const refreshAt = async (ms: number) => {
      vi.setSystemTime(start + ms);
      return kit.post('/sessions/authenticate', {}, token);
    };
    const claims = (answer: { body: Record<string, unknown> }) =>
      (answer.body['data'] as { session: { custom_claims: unknown } }).session.custom_claims;

    expect(claims(await refreshAt(1_000))).toBeNull();
    expect(knownUsers(kit.db).get(`token:${hash}`)?.session.row.session_id).toBe(
      (signedIn['session'] as { session_id: string }).session_id,
    );
    // Another process (or an operator) changes the row: this process still holds the old one.
    await kit.db.query(`UPDATE sessions SET custom_claims = '{"plan":"pro"}' WHERE token_hash = $1`, [hash]);
    expect(claims(await refreshAt(2_000))).toEqual({ plan: 'pro' });
    expect(claims(await refreshAt(3_000))).toEqual({ plan: 'pro' });
    await kit.db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1', [hash, new Date(start)]);
    const refused = await refreshAt(4_000);
    expect([refused.status, refused.body['error_type']]).toEqual([404, 'session_not_found']);
  });

  it('keeps the version with triggers on the user and every sub-list its JSON reads', async () => {
    const rows = await kit.db.query<{ table: string }>(
      `SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       WHERE NOT t.tgisinternal AND t.tgname LIKE '%version' ORDER BY 1`,
    );
    expect([...new Set(rows.map((r) => r.table))]).toEqual([
      'user_crypto_wallets',
      'user_emails',
      'user_oauth_providers',
      'user_phone_numbers',
      'users',
      'webauthn_registrations',
    ]);
  });

  it('refuses the session once its user is deleted, though the process held the user', async () => {
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    await refreshUser(token);
    expect((await kit.v1('DELETE', `/v1/users/${String(signedIn['user_id'])}`)).status).toBe(200);
    const refused = await kit.post('/sessions/authenticate', {}, token);
    expect([refused.status, refused.body['error_type']]).toEqual([404, 'session_not_found']);
  });
});
