import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_KINDS } from '../../test/testDatabases';
import { openAuthKit, type AuthKit } from '../../test/authTestKit';
import { SESSION_CLAIM } from './sessionJwt';
import { JWT_REUSE_SECONDS } from './reusableSessionJwt';

type Session = {
  session_id: string;
  started_at: string;
  last_accessed_at: string;
  expires_at: string;
  authentication_factors: unknown[];
  roles: unknown[];
};
let n = 0;
const freshEmail = () => `reuse${++n}-${Date.now()}@example.com`;

describe.each(DB_KINDS)('session JWT reuse on %s', (kind) => {
  let kit: AuthKit;
  beforeAll(async () => {
    kit = await openAuthKit(kind);
  }, 60_000);
  afterAll(() => kit?.close());
  afterEach(() => vi.useRealTimers());

  /** A refresh at `at` (ms): its JWT, verified against the JWKS, and the session it answered. */
  const refresh = async (token: string, at: number, body: object = {}) => {
    vi.setSystemTime(at);
    const data = await kit.ok('/sessions/authenticate', body, token);
    const jwt = String(data['session_jwt']);
    return { jwt, claims: await kit.verifyJwt(jwt), session: data['session'] as Session };
  };

  it('answers the same JWT while it is under a minute old and the session unchanged, then a new one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);

    const soon = await refresh(token, start + 10_000);
    expect(soon.jwt).toBe(signedIn['session_jwt']);
    // An access within ACCESS_RECORD_SECONDS of the recorded one is not written
    // (sessionRoutes.test.ts): the session still reads the sign-in as its last access.
    expect(soon.session.last_accessed_at).toBe(new Date(start).toISOString());
    expect(soon.claims.iat).toBe(Math.floor(start / 1000));

    const last = await refresh(token, start + (JWT_REUSE_SECONDS - 1) * 1000);
    expect(last.jwt).toBe(signedIn['session_jwt']);

    const later = await refresh(token, start + (JWT_REUSE_SECONDS + 1) * 1000);
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
    expect((await refresh(token, start + (JWT_REUSE_SECONDS + 20) * 1000)).jwt).toBe(later.jwt);
  });

  it('mints a new JWT as soon as what it says changes: an extended expiry, a new factor', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const email = freshEmail();
    const signedIn = await kit.signInByMagicLink(email);
    const token = String(signedIn['session_token']);

    const extended = await refresh(token, start + 5_000, { session_duration_minutes: 120 });
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

  it('never answers a reused JWT for a revoked session', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    expect((await refresh(token, start + 1_000)).jwt).toBe(signedIn['session_jwt']);
    await kit.ok('/sessions/revoke', undefined, token);
    vi.setSystemTime(start + 2_000);
    const refused = await kit.post('/sessions/authenticate', {}, token);
    expect([refused.status, refused.body['error_type']]).toEqual([404, 'session_not_found']);
  });

  it('shares one JWT between concurrent refreshes of a session', async () => {
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const token = String(signedIn['session_token']);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => kit.ok('/sessions/authenticate', {}, token)),
    );
    expect(new Set(answers.map((a) => a['session_jwt']))).toEqual(new Set([signedIn['session_jwt']]));
  });
});
