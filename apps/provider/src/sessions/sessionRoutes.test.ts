import { describe, expect, it, vi } from 'vitest';
import { DB_KINDS } from '../../test/testDatabases';
import { authKitFor } from '../../test/authTestKit';
import { ACCESS_RECORD_SECONDS } from './sessionRow';

type Session = {
  session_id: string;
  last_accessed_at: string;
  expires_at: string;
  authentication_factors: unknown[];
};
let n = 0;
const freshEmail = () => `session${++n}-${Date.now()}@example.com`;

describe.each(DB_KINDS)('sessions on %s', (kind) => {
  const kit = authKitFor(kind);

  it('refreshes with the token in the Basic auth password: new JWT, same expiry unless extended', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    const first = signedIn['session'] as Session;

    vi.setSystemTime(start + 2 * 60_000);
    const refreshed = await kit.ok('/sessions/authenticate', {}, token);
    const session = refreshed['session'] as Session;
    expect(session.session_id).toBe(first.session_id);
    expect(session.expires_at).toBe(first.expires_at);
    expect(session.last_accessed_at).toBe(new Date(start + 2 * 60_000).toISOString());
    expect(refreshed['session_token']).toBe(token);
    expect(refreshed['session_jwt']).not.toBe(signedIn['session_jwt']);
    const claims = await kit.verifyJwt(String(refreshed['session_jwt']));
    expect(claims.iat).toBe(Math.floor((start + 2 * 60_000) / 1000));

    const extended = await kit.ok('/sessions/authenticate', { session_duration_minutes: 600 }, token);
    expect((extended['session'] as Session).expires_at).toBe(
      new Date(start + 2 * 60_000 + 600 * 60_000).toISOString(),
    );

    vi.setSystemTime(start + 2 * 60_000 + 600 * 60_000 + 1000);
    const expired = await kit.post('/sessions/authenticate', {}, token);
    expect([expired.status, expired.body['error_type']]).toEqual([404, 'session_not_found']);
  });

  it('records an access at most once a minute unless it extends the session, and refuses a revoked one at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const iso = (ms: number) => new Date(start + ms).toISOString();
    const token = String((await kit.signInByMagicLink(freshEmail()))['session_token']);
    const refreshAt = async (ms: number, body: object = {}) => {
      vi.setSystemTime(start + ms);
      return (await kit.ok('/sessions/authenticate', body, token))['session'] as Session;
    };
    const minute = ACCESS_RECORD_SECONDS * 1000;

    // Within the minute after the recorded access (the sign-in) the session is read, not written.
    expect((await refreshAt(minute / 2)).last_accessed_at).toBe(iso(0));
    expect((await refreshAt(minute - 1)).last_accessed_at).toBe(iso(0));
    // A minute later the access is recorded, and is then the one reported for the next minute.
    expect((await refreshAt(minute)).last_accessed_at).toBe(iso(minute));
    expect((await refreshAt(minute + 30_000)).last_accessed_at).toBe(iso(minute));
    // Extending the session always writes, access time included.
    const extended = await refreshAt(minute + 31_000, { session_duration_minutes: 60 });
    expect([extended.last_accessed_at, extended.expires_at]).toEqual([
      iso(minute + 31_000),
      iso(minute + 31_000 + 60 * 60_000),
    ]);
    expect((await refreshAt(minute + 32_000)).expires_at).toBe(extended.expires_at);

    // Revoked within the minute, when refreshes only read: the very next call is refused.
    expect(await kit.ok('/sessions/revoke', undefined, token)).toMatchObject({ status_code: 200 });
    const refused = await kit.post('/sessions/authenticate', {}, token);
    expect([refused.status, refused.body['error_type']]).toEqual([404, 'session_not_found']);
  });

  it('writes nothing for a refresh within the minute: the row version moves only when the access is recorded or the session extended', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    const sessionId = (signedIn['session'] as Session).session_id;
    // xmin: the transaction that wrote the row's current version; any UPDATE changes it.
    const written = async () =>
      (
        await kit.db.query<{ x: string }>('SELECT xmin::text AS x FROM sessions WHERE session_id = $1', [
          sessionId,
        ])
      )[0]?.x;
    const refreshAt = async (ms: number, body: object = {}) => {
      vi.setSystemTime(start + ms);
      await kit.ok('/sessions/authenticate', body, token);
      return written();
    };
    const minute = ACCESS_RECORD_SECONDS * 1000;
    const signIn = await written();
    expect(await refreshAt(1_000)).toBe(signIn);
    expect(await refreshAt(minute - 1)).toBe(signIn);
    const recorded = await refreshAt(minute);
    expect(recorded).not.toBe(signIn);
    expect(await refreshAt(minute + 1_000)).toBe(recorded);
    const extended = await refreshAt(minute + 2_000, { session_duration_minutes: 60 });
    expect(extended).not.toBe(recorded);
    expect(await refreshAt(minute + 3_000)).toBe(extended);
  });

  it('answers an unchanged session the same bytes but its request id, and a changed one anew', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const token = String((await kit.signInByMagicLink(freshEmail()))['session_token']);
    const refresh = async (body: object = {}) => {
      const { headers, text } = await kit.post('/sessions/authenticate', body, token);
      expect(headers.get('Content-Type')).toBe('application/json');
      const envelope = JSON.parse(text) as { data: Record<string, unknown> };
      // The text is what JSON.stringify writes for the envelope: same keys, same order.
      expect(text).toBe(JSON.stringify(envelope));
      expect(Object.keys(envelope.data).slice(-2)).toEqual(['request_id', 'status_code']);
      const { request_id, ...rest } = envelope.data;
      return { requestId: String(request_id), rest };
    };
    vi.setSystemTime(start + 2 * 60_000); // the access is recorded once, then the row stays as it is
    const first = await refresh();
    const second = await refresh();
    const third = await refresh();
    expect(second.rest).toEqual(first.rest);
    expect(third.rest).toEqual(first.rest);
    expect(new Set([first.requestId, second.requestId, third.requestId]).size).toBe(3);

    const extended = await refresh({ session_duration_minutes: 600 });
    const expires = new Date(start + 2 * 60_000 + 600 * 60_000).toISOString();
    expect((extended.rest['session'] as Session).expires_at).toBe(expires);
    expect(((await refresh()).rest['session'] as Session).expires_at).toBe(expires);
  });

  it('signing in again with the same factor refreshes it instead of adding a duplicate', async () => {
    const email = freshEmail();
    const first = await kit.signInByMagicLink(email);
    const token = String(first['session_token']);
    const again = await kit.signInByMagicLink(email, token);
    const session = again['session'] as Session;
    expect(session.session_id).toBe((first['session'] as Session).session_id);
    expect(session.authentication_factors).toHaveLength(1);
  });

  it('revokes: the SDK and the backend refuse the session afterwards', async () => {
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    const jwt = String(signedIn['session_jwt']);
    expect((await kit.backend({ session_token: token })).status).toBe(200);
    expect(await kit.ok('/sessions/revoke', undefined, token)).toMatchObject({ status_code: 200 });

    const sdk = await kit.post('/sessions/authenticate', {}, token);
    expect([sdk.status, sdk.body['error_type']]).toEqual([404, 'session_not_found']);
    const byToken = await kit.backend({ session_token: token });
    expect([byToken.status, byToken.body['error_type']]).toEqual([404, 'session_not_found']);
    const byJwt = await kit.backend({ session_jwt: jwt });
    expect([byJwt.status, byJwt.body['error_type']]).toEqual([404, 'session_not_found']);
    const again = await kit.post('/sessions/revoke', undefined, token);
    expect(again.body['error_type']).toBe('session_not_found');
  });

  it('answers unauthorized_credentials without a session token and session_not_found for an unknown one', async () => {
    const none = await kit.post('/sessions/authenticate', {});
    expect([none.status, none.body['error_type']]).toEqual([401, 'unauthorized_credentials']);
    expect((await kit.post('/sessions/revoke')).body['error_type']).toBe('unauthorized_credentials');
    const unknown = await kit.post('/sessions/authenticate', {}, 'no-such-token');
    expect([unknown.status, unknown.body['error_type']]).toEqual([404, 'session_not_found']);
    const bad = await kit.post('/sessions/authenticate', { session_duration_minutes: 'long' }, 'x');
    expect([bad.status, bad.body['error_type']]).toEqual([400, 'invalid_field']);
  });
});
