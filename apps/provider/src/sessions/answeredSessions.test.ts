import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Db } from '../db/Db';
import { openPostgresDb } from '../db/postgres';
import { authKitFor, PROJECT_ID, PROJECT_SECRET } from '../../test/authTestKit';
import { testApp } from '../../test/testApp';
import { basic, HOST, TEST_TOKEN } from '../../test/testConfig';
import { createPostgresDatabase, DB_KINDS } from '../../test/testDatabases';
import { JWT_REUSE_SECONDS, lastAnswered } from './answeredSessions';
import { SESSION_CLAIM } from './sessionJwt';
import { ACCESS_RECORD_SECONDS } from './sessionRow';

type Json = Record<string, unknown>;
type User = {
  user_id: string;
  name: { first_name: string };
  emails: { email_id: string }[];
  phone_numbers: unknown[];
};
type Session = {
  session_id: string;
  started_at: string;
  last_accessed_at: string;
  expires_at: string;
  authentication_factors: unknown[];
  roles: unknown[];
  custom_claims: unknown;
};
let n = 0;
const freshEmail = () => `answered${++n}-${Date.now()}@example.com`;

describe.each(DB_KINDS)('what a refresh answers, on %s', (kind) => {
  const kit = authKitFor(kind);

  const version = async (userId: string) =>
    (
      await kit.db.query<{ v: string }>('SELECT version::text AS v FROM users WHERE user_id = $1', [userId])
    )[0]?.v;
  const refreshUser = async (token: string) =>
    (await kit.ok('/sessions/authenticate', {}, token))['user'] as User;
  const sessionIdOf = (signedIn: Json) => (signedIn['session'] as Session).session_id;
  /** A refresh at `at` (ms): its JWT, verified against the JWKS, and the session it answered. */
  const refreshAt = async (token: string, at: number, body: object = {}) => {
    vi.setSystemTime(at);
    const data = await kit.ok('/sessions/authenticate', body, token);
    const jwt = String(data['session_jwt']);
    return { jwt, claims: await kit.verifyJwt(jwt), session: data['session'] as Session };
  };

  it('is the user as it is now after every kind of change, though an unchanged one is not rebuilt', async () => {
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    const userId = String(signedIn['user_id']);
    const held = () => lastAnswered(kit.db, sessionIdOf(signedIn));
    expect(await refreshUser(token)).toEqual(signedIn['user']);
    // Same again: this time the process holds the user at its version, and answers that object.
    expect(held()?.userVersion).toBe(await version(userId));
    const unchanged = held()?.user;
    expect(await refreshUser(token)).toEqual(signedIn['user']);
    expect(held()?.user).toBe(unchanged);

    // The users row, through the backend API.
    const put = await kit.v1('PUT', `/v1/users/${userId}`, { name: { first_name: 'Ada' } });
    expect(put.status).toBe(200);
    expect((await refreshUser(token)).name.first_name).toBe('Ada');
    expect(held()?.userVersion).toBe(await version(userId));

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

  it('builds the user again exactly when its version moved: every change moves it, a change of nothing does not', async () => {
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    const userId = String(signedIn['user_id']);
    const held = () => lastAnswered(kit.db, sessionIdOf(signedIn));
    await refreshUser(token);
    const v0 = String(await version(userId));
    expect(held()?.userVersion).toBe(v0);

    // Each statement below changes what the user's JSON holds: each moves the version.
    const changes = [
      `UPDATE users SET name = '{"first_name":"B","middle_name":"","last_name":""}' WHERE user_id = $1`,
      `INSERT INTO user_crypto_wallets (crypto_wallet_id, user_id, project_id, crypto_wallet_type, crypto_wallet_address)
       VALUES ('wallet-' || $1, $1, 'p', 'ethereum', 'addr-' || $1)`,
      `UPDATE user_crypto_wallets SET verified = false WHERE user_id = $1`,
      `DELETE FROM user_crypto_wallets WHERE user_id = $1`,
      `UPDATE user_emails SET verified = NOT verified WHERE user_id = $1`,
    ];
    // Updates that change nothing (every sign-in marks its email verified again) leave it.
    await kit.db.query('UPDATE user_emails SET verified = verified WHERE user_id = $1', [userId]);
    await kit.db.query('UPDATE users SET status = status WHERE user_id = $1', [userId]);
    expect(await version(userId)).toBe(v0);
    const before = held()?.user;
    await refreshUser(token);
    expect(held()?.user).toBe(before);
    let previous = v0;
    for (const sql of changes) {
      await kit.db.query(sql, [userId]);
      const now = await version(userId);
      expect(now, sql).not.toBe(previous);
      const builtBefore = held()?.user;
      const answered = await refreshUser(token);
      expect(answered.user_id).toBe(userId);
      expect(held()?.userVersion, sql).toBe(now);
      expect(held()?.user, sql).not.toBe(builtBefore);
      previous = String(now);
    }
  });

  it('reuses the session built from the same row version, and builds it again once the row is written', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    const held = () => lastAnswered(kit.db, sessionIdOf(signedIn));
    const sessionAt = async (ms: number, body: object = {}) =>
      (await refreshAt(token, start + ms, body)).session;

    const first = await sessionAt(1_000);
    const built = held();
    expect(built?.session).toEqual(first);
    expect(await sessionAt(2_000)).toEqual(first);
    expect(held()?.session).toBe(built?.session);
    // The access recorded a minute on: a new row version, a new session with the new access time.
    const recorded = await sessionAt(ACCESS_RECORD_SECONDS * 1000);
    expect(recorded.last_accessed_at).toBe(new Date(start + ACCESS_RECORD_SECONDS * 1000).toISOString());
    expect(held()?.rowVersion).not.toBe(built?.rowVersion);
    expect(held()?.session).toEqual(recorded);
    // Extended: written, answered with the new expiry, and that is what the next refresh answers.
    const extended = await sessionAt(ACCESS_RECORD_SECONDS * 1000 + 1_000, { session_duration_minutes: 90 });
    expect(extended.expires_at).toBe(
      new Date(start + ACCESS_RECORD_SECONDS * 1000 + 1_000 + 90 * 60_000).toISOString(),
    );
    expect(await sessionAt(ACCESS_RECORD_SECONDS * 1000 + 2_000)).toEqual(extended);
  });

  it('answers a row written elsewhere as written, and refuses it once revoked elsewhere', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    const sessionId = sessionIdOf(signedIn);
    const claimsAt = async (ms: number) => (await refreshAt(token, start + ms)).session.custom_claims;

    expect(await claimsAt(1_000)).toBeNull();
    expect(lastAnswered(kit.db, sessionId)?.session.session_id).toBe(sessionId);
    // Another process (or an operator) changes the row: this process still holds the old one.
    await kit.db.query(`UPDATE sessions SET custom_claims = '{"plan":"pro"}' WHERE session_id = $1`, [
      sessionId,
    ]);
    expect(await claimsAt(2_000)).toEqual({ plan: 'pro' });
    expect(await claimsAt(3_000)).toEqual({ plan: 'pro' });
    await kit.db.query('UPDATE sessions SET revoked_at = $2 WHERE session_id = $1', [
      sessionId,
      new Date(start),
    ]);
    vi.setSystemTime(start + 4_000);
    const refused = await kit.post('/sessions/authenticate', {}, token);
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

  it('hands an unchanged answer out again, written as a fresh one would be, and a new one after a change', async () => {
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    const userId = String(signedIn['user_id']);
    const held = () => lastAnswered(kit.db, sessionIdOf(signedIn));
    const refresh = () => kit.post('/sessions/authenticate', {}, token);

    const first = await refresh();
    const answer = held()?.answer;
    const again = await refresh();
    expect(held()?.answer).toBe(answer);
    // The spliced body is the envelope c.json would write: same bytes, but for the request id.
    const { request_id: firstId, ...firstData } = first.body['data'] as Json;
    const { request_id: againId, ...againData } = again.body['data'] as Json;
    expect(againId).not.toBe(firstId);
    expect(again.text.replace(String(againId), String(firstId))).toBe(first.text);
    expect(againData).toEqual(firstData);
    expect(first.text).toBe(
      JSON.stringify({ data: { ...(answer ?? {}), request_id: firstId, status_code: 200 } }),
    );

    expect((await kit.v1('PUT', `/v1/users/${userId}`, { name: { first_name: 'Grace' } })).status).toBe(200);
    const changed = await refresh();
    expect(held()?.answer).not.toBe(answer);
    expect((changed.body['data'] as { user: User }).user.name.first_name).toBe('Grace');
  });

  it('refuses the session once its user is deleted, though the process held the user', async () => {
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    await refreshUser(token);
    expect((await kit.v1('DELETE', `/v1/users/${String(signedIn['user_id'])}`)).status).toBe(200);
    const refused = await kit.post('/sessions/authenticate', {}, token);
    expect([refused.status, refused.body['error_type']]).toEqual([404, 'session_not_found']);
  });

  it('answers the same JWT while it is under a minute old and the session unchanged, then a new one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);

    const soon = await refreshAt(token, start + 10_000);
    expect(soon.jwt).toBe(signedIn['session_jwt']);
    // An access within ACCESS_RECORD_SECONDS of the recorded one is not written
    // (sessionRoutes.test.ts): the session still reads the sign-in as its last access.
    expect(soon.session.last_accessed_at).toBe(new Date(start).toISOString());
    expect(soon.claims.iat).toBe(Math.floor(start / 1000));

    const last = await refreshAt(token, start + (JWT_REUSE_SECONDS - 1) * 1000);
    expect(last.jwt).toBe(signedIn['session_jwt']);

    const later = await refreshAt(token, start + (JWT_REUSE_SECONDS + 1) * 1000);
    expect(later.jwt).not.toBe(signedIn['session_jwt']);
    expect(later.claims.iat).toBe(Math.floor((start + (JWT_REUSE_SECONDS + 1) * 1000) / 1000));
    // Whatever it answers keeps at least 4 of its 5 minutes: more than the SDK's 3-minute refresh.
    expect(Number(later.claims.exp) - Number(later.claims.iat)).toBe(300);
    expect(later.claims[SESSION_CLAIM]).toMatchObject({
      id: later.session.session_id,
      started_at: later.session.started_at,
      expires_at: later.session.expires_at,
      last_accessed_at: later.session.last_accessed_at,
      authentication_factors: later.session.authentication_factors,
    });
    expect((await refreshAt(token, start + (JWT_REUSE_SECONDS + 20) * 1000)).jwt).toBe(later.jwt);
  });

  it('mints a new JWT as soon as what it says changes: an extended expiry, a new factor', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const email = freshEmail();
    const signedIn = await kit.signInByMagicLink(email);
    const token = String(signedIn['session_token']);

    const extended = await refreshAt(token, start + 5_000, { session_duration_minutes: 120 });
    expect(extended.jwt).not.toBe(signedIn['session_jwt']);
    expect(extended.claims[SESSION_CLAIM]).toMatchObject({ expires_at: extended.session.expires_at });
    expect(extended.session.expires_at).toBe(new Date(start + 5_000 + 120 * 60_000).toISOString());

    // Signing in again on the session refreshes its factor's last_authenticated_at.
    vi.setSystemTime(start + 10_000);
    const again = await kit.signInByMagicLink(email, token);
    expect(String(again['session_jwt'])).not.toBe(extended.jwt);
    const claims = await kit.verifyJwt(String(again['session_jwt']));
    expect(claims[SESSION_CLAIM]).toMatchObject({
      authentication_factors: (again['session'] as Session).authentication_factors,
    });
  });

  it("mints a new JWT at the next refresh when the user's external_id changes, though the session row did not", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const email = freshEmail();
    const created = await kit.v1Ok('/v1/users', { email, external_id: `app-${start}-a` });
    const signedIn = await kit.signInByMagicLink(email);
    const token = String(signedIn['session_token']);
    expect(await kit.verifyJwt(String(signedIn['session_jwt']))).toMatchObject({
      external_id: `app-${start}-a`,
    });

    vi.setSystemTime(start + 5_000);
    const put = await kit.v1('PUT', `/v1/users/${String(created['user_id'])}`, {
      external_id: `app-${start}-b`,
    });
    expect(put.status).toBe(200);
    // Within the reuse minute and with the session's row unwritten: only the user moved.
    const renamed = await refreshAt(token, start + 10_000);
    expect(renamed.jwt).not.toBe(signedIn['session_jwt']);
    expect(renamed.claims['external_id']).toBe(`app-${start}-b`);
    expect(renamed.session.custom_claims).toEqual({ external_id: `app-${start}-b` });
    expect((await refreshAt(token, start + 15_000)).jwt).toBe(renamed.jwt);
  });

  it('never answers a reused JWT for a revoked session', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    expect((await refreshAt(token, start + 1_000)).jwt).toBe(signedIn['session_jwt']);
    await kit.ok('/sessions/revoke', undefined, token);
    vi.setSystemTime(start + 2_000);
    const refused = await kit.post('/sessions/authenticate', {}, token);
    expect([refused.status, refused.body['error_type']]).toEqual([404, 'session_not_found']);
  });

  it('shares one JWT between concurrent refreshes of a session, by token and by JWT', async () => {
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    const jwt = String(signedIn['session_jwt']);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => kit.ok('/sessions/authenticate', {}, token)),
    );
    expect(new Set(answers.map((a) => a['session_jwt']))).toEqual(new Set([jwt]));
    const byJwt = await kit.backend({ session_jwt: jwt });
    expect([byJwt.status, byJwt.body['session_jwt']]).toEqual([200, jwt]);
  });
});

describe('a refresh on two provider processes sharing one PostgreSQL database', () => {
  /** A provider on its own connection pool, with its own cache, as a second process has. */
  const provider = (db: Db) => {
    const { app } = testApp({ db });
    const call = async (method: string, path: string, body: Json | undefined, authorization: string) => {
      const response = await app.request(path, {
        method,
        headers: { Authorization: authorization, 'Content-Type': 'application/json', Origin: HOST },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Json };
    };
    const sdk = (path: string, body: Json | undefined, sessionToken = TEST_TOKEN) =>
      call('POST', `/sdk/v1${path}`, body, basic(TEST_TOKEN, sessionToken));
    const backend = (method: string, path: string, body?: Json) =>
      call(method, path, body, basic(PROJECT_ID, PROJECT_SECRET));
    return {
      db,
      sdk,
      backend,
      /** The refresh's answer: its status, error type, and data. */
      refresh: async (sessionToken: string) => {
        const r = await sdk('/sessions/authenticate', {}, sessionToken);
        return { status: r.status, error: r.body['error_type'], data: r.body['data'] as Json | undefined };
      },
      signInByMagicLink: async (email: string, sessionToken?: string) => {
        expect((await sdk('/magic_links/email/login_or_create', { email })).status).toBe(200);
        const inbox = await app.request(`/dev/inbox.json?to=${encodeURIComponent(email)}`);
        const [message] = (await inbox.json()) as { metadata: { token: string } }[];
        const signedIn = await sdk(
          '/magic_links/authenticate',
          { token: message?.metadata.token, session_duration_minutes: 60 },
          sessionToken,
        );
        expect(signedIn.status).toBe(200);
        return signedIn.body['data'] as Json;
      },
    };
  };
  let dbs: Db[] = [];
  let a: ReturnType<typeof provider>;
  let b: ReturnType<typeof provider>;
  beforeAll(async () => {
    const url = await createPostgresDatabase(inject('postgresTemplate'));
    dbs = [openPostgresDb(url), openPostgresDb(url)];
    [a, b] = dbs.map(provider) as [typeof a, typeof b];
  }, 60_000);
  afterAll(() => Promise.all(dbs.map((db) => db.close())));

  /** Signs in on A; both processes answer the session and hold it. */
  const heldByBoth = async () => {
    const signedIn = await a.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    const sessionId = (signedIn['session'] as Session).session_id;
    for (const p of [a, b, a, b]) expect((await p.refresh(token)).status).toBe(200);
    for (const p of [a, b]) expect(lastAnswered(p.db, sessionId)).toBeDefined();
    return { signedIn, token, sessionId };
  };

  it('sees a revocation made on the other process at the very next refresh, by token and by JWT', async () => {
    const { signedIn, token } = await heldByBoth();
    expect((await b.sdk('/sessions/revoke', undefined, token)).status).toBe(200);
    for (const p of [a, b]) {
      expect(await p.refresh(token)).toMatchObject({ status: 404, error: 'session_not_found' });
      const byJwt = await p.backend('POST', '/v1/sessions/authenticate', {
        session_jwt: String(signedIn['session_jwt']),
      });
      expect([byJwt.status, byJwt.body['error_type']]).toEqual([404, 'session_not_found']);
    }
  });

  it("sees a change of the user, of the session's row and of the user's deletion made on the other process", async () => {
    const { signedIn, token } = await heldByBoth();
    const userId = String(signedIn['user_id']);
    const put = await b.backend('PUT', `/v1/users/${userId}`, { name: { first_name: 'Grace' } });
    expect(put.status).toBe(200);
    for (const p of [a, b])
      expect(((await p.refresh(token)).data?.['user'] as User).name.first_name).toBe('Grace');

    // B's sign-in on the same session writes the row (its factor again): A answers B's row.
    const again = await b.signInByMagicLink(
      String((signedIn['user'] as { emails: { email: string }[] }).emails[0]?.email),
      token,
    );
    const fresh = (await a.refresh(token)).data?.['session'] as Session;
    expect(fresh.authentication_factors).toEqual((again['session'] as Session).authentication_factors);
    expect(fresh.authentication_factors).not.toEqual((signedIn['session'] as Session).authentication_factors);

    expect((await b.backend('DELETE', `/v1/users/${userId}`)).status).toBe(200);
    for (const p of [a, b])
      expect(await p.refresh(token)).toMatchObject({ status: 404, error: 'session_not_found' });
  });
});
