import { inject } from 'vitest';
import { createRemoteJWKSet, customFetch, decodeProtectedHeader, jwtVerify, type JWK } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPostgresDb } from '../db/postgres';
import { AUTH_ORIGIN, testConfig, testProject, TEST_TOKEN, sdkHeaders } from '../../test/testConfig';
import { createPostgresDatabase } from '../../test/testDatabases';
import { noLimits, testApp } from '../../test/testApp';
import {
  currentSigningKey,
  DEFAULT_GRACE_SECONDS,
  MIN_GRACE_SECONDS,
  PUBLISHED_AFTER_RETIREMENT_MS,
  RotationUnderWayError,
  rotateSigningKey,
} from './signingKeys';

const project = testProject();
const JWKS_PATH = `/v1/sessions/jwks/${project.project_id}`;
type Json = Record<string, unknown>;

/**
 * Two provider processes on one PostgreSQL database: each its own connections and its own caches,
 * as `LATCH_WORKERS` or several hosts behind a balancer run them.
 */
function openProcess(url: string) {
  const db = openPostgresDb(url);
  const { app } = testApp({ db, config: testConfig(), limiter: noLimits });
  const sdk = async (path: string, body: unknown, sessionToken = TEST_TOKEN) => {
    const response = await app.request(`/sdk/v1${path}`, {
      method: 'POST',
      headers: sdkHeaders(sessionToken),
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const jwksKids = async (): Promise<string[]> =>
    ((await (await app.request(JWKS_PATH)).json()) as { keys: JWK[] }).keys.map((k) => String(k.kid));
  /** A verifier as a host backend builds it: jose's remote JWKS (its default caching) on this process. */
  const verifier = () =>
    createRemoteJWKSet(new URL(`${AUTH_ORIGIN}${JWKS_PATH}`), {
      [customFetch]: async (url: string, init: RequestInit) => app.request(new URL(url).pathname, init),
    });
  return { db, app, sdk, jwksKids, verifier };
}
type Process = ReturnType<typeof openProcess>;

async function signIn(p: Process, email: string): Promise<{ token: string; jwt: string }> {
  const sent = await p.sdk('/magic_links/email/login_or_create', { email });
  expect(sent.status).toBe(200);
  const inbox = (await (await p.app.request(`/dev/inbox.json?to=${encodeURIComponent(email)}`)).json()) as {
    metadata: { token: string };
  }[];
  const done = await p.sdk('/magic_links/authenticate', {
    token: inbox[0]?.metadata.token,
    session_duration_minutes: 1440,
  });
  expect(done.status).toBe(200);
  const data = done.body['data'] as Json;
  return { token: String(data['session_token']), jwt: String(data['session_jwt']) };
}

const kidOf = (jwt: string): string => String(decodeProtectedHeader(jwt).kid);
const verify = (jwt: string, keys: ReturnType<typeof createRemoteJWKSet>) =>
  jwtVerify(jwt, keys, { issuer: AUTH_ORIGIN, audience: project.project_id });

describe('signing-key rotation across processes', () => {
  let a: Process;
  let b: Process;
  // A database of their own for each test: a test leaves a rotation under way.
  beforeEach(async () => {
    const url = await createPostgresDatabase(inject('postgresTemplate'));
    a = openProcess(url);
    b = openProcess(url);
  }, 60_000);
  afterEach(async () => {
    vi.useRealTimers();
    await a?.db.close();
    await b?.db.close();
  });

  it('publishes the next key before it signs, switches every process at its time, and drops the old key once its tokens have expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.now();
    const at = (ms: number) => vi.setSystemTime(t0 + ms);
    const old = await currentSigningKey(a.db, project);
    // Process b has read the keys (and keeps them a while) before the rotation.
    expect((await currentSigningKey(b.db, project)).kid).toBe(old.kid);

    at(1000);
    const rotation = await rotateSigningKey(a.db, project, { graceSeconds: DEFAULT_GRACE_SECONDS });
    expect(rotation.retiring).toBe(old.kid);
    expect(rotation.activatesAt.getTime()).toBe(t0 + 1000 + DEFAULT_GRACE_SECONDS * 1000);
    // Published at once by both processes, signing by neither.
    for (const p of [a, b]) expect(await p.jwksKids()).toEqual([rotation.kid, old.kid]);
    await expect(rotateSigningKey(b.db, project)).rejects.toThrow(RotationUnderWayError);

    const activation = rotation.activatesAt.getTime() - t0;
    // A host backend's verifier that fetched the JWKS just before the switch, and will not fetch
    // it again for 30 s (jose's cooldown), must know the new key already.
    at(activation - 10_000);
    const warm = b.verifier();
    await warm.reload();
    at(activation - 1);
    for (const p of [a, b]) expect((await currentSigningKey(p.db, project)).kid).toBe(old.kid);
    at(activation);
    for (const p of [a, b]) expect((await currentSigningKey(p.db, project)).kid).toBe(rotation.kid);
    const first = await signIn(b, `rotation-first-${t0}@example.com`);
    expect(kidOf(first.jwt)).toBe(rotation.kid);
    expect(warm.coolingDown).toBe(true);
    expect((await verify(first.jwt, warm)).payload.sub).toBeTruthy();

    // The old key stays published while anything it signed can still be valid, then goes.
    at(activation + PUBLISHED_AFTER_RETIREMENT_MS - 1);
    for (const p of [a, b]) expect(await p.jwksKids()).toEqual([rotation.kid, old.kid]);
    at(activation + PUBLISHED_AFTER_RETIREMENT_MS);
    for (const p of [a, b]) expect(await p.jwksKids()).toEqual([rotation.kid]);

    // The next rotation deletes it, private part and all.
    const next = await rotateSigningKey(b.db, project, { graceSeconds: MIN_GRACE_SECONDS });
    expect(next.deleted).toEqual([old.kid]);
    const kids = await a.db.query<{ kid: string }>('SELECT kid FROM signing_keys WHERE project_id = $1', [
      project.project_id,
    ]);
    expect(kids.map((r) => r.kid).sort()).toEqual([rotation.kid, next.kid].sort());
  });

  it('refuses a grace period shorter than the processes take to see the new key', async () => {
    await expect(rotateSigningKey(a.db, project, { graceSeconds: MIN_GRACE_SECONDS - 1 })).rejects.toThrow(
      `the grace period must be at least ${MIN_GRACE_SECONDS} seconds`,
    );
  });

  it('under load, with sessions refreshing through both processes throughout, loses no session and fails no verification', async () => {
    const sessions = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        signIn(i % 2 ? a : b, `rotation-load-${i}-${Date.now()}@example.com`),
      ),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.now();
    // Verifiers made before the rotation, one per process, kept throughout as a host backend keeps them.
    const verifiers = [a.verifier(), b.verifier()] as const;
    for (const s of sessions) await verify(s.jwt, verifiers[0]);
    const before = kidOf(sessions[0]?.jwt ?? '');

    let rotation: Awaited<ReturnType<typeof rotateSigningKey>> | undefined;
    let refreshes = 0;
    const kidsSeen = new Set<string>();
    // Every 40 s of the clock, from before the rotation until its old key has left the JWKS.
    const stepMs = 40_000;
    const end = 60_000 + DEFAULT_GRACE_SECONDS * 1000 + PUBLISHED_AFTER_RETIREMENT_MS + stepMs;
    for (let t = 0; t <= end; t += stepMs) {
      vi.setSystemTime(t0 + t);
      if (!rotation && t >= 60_000) rotation = await rotateSigningKey(a.db, project);
      // The JWTs of the last round are under a minute old, still valid: a verifier that fetches
      // the JWKS now (a new backend instance) still accepts them, whichever key signed them.
      const fresh = (t / stepMs) % 2 ? a.verifier() : b.verifier();
      for (const s of sessions) await verify(s.jwt, fresh);
      const answers = await Promise.all(
        sessions.map((s, i) =>
          (i % 2 ? b : a).sdk('/sessions/authenticate', { session_duration_minutes: 1440 }, s.token),
        ),
      );
      for (const [i, answer] of answers.entries()) {
        expect(answer.status, `session ${i} at +${t / 1000} s`).toBe(200);
        const jwt = String((answer.body['data'] as Json)['session_jwt']);
        const session = sessions[i];
        if (session) session.jwt = jwt;
        const { payload } = await verify(jwt, verifiers[i % 2 ? 0 : 1]);
        // Signed by the new key exactly from its activation on, whichever process signed.
        const expected =
          rotation && (payload.iat ?? 0) * 1000 >= rotation.activatesAt.getTime() ? rotation.kid : before;
        expect(kidOf(jwt)).toBe(expected);
        kidsSeen.add(kidOf(jwt));
        refreshes++;
      }
    }
    expect(rotation).toBeDefined();
    expect([...kidsSeen].sort()).toEqual([before, rotation?.kid].sort());
    expect(await a.jwksKids()).toEqual([rotation?.kid]);
    expect(refreshes).toBe(sessions.length * (Math.floor(end / stepMs) + 1));
  }, 240_000);
});
