import { createRemoteJWKSet, customFetch, decodeProtectedHeader, jwtVerify } from 'jose';
import { fetch } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PUBLISHED_AFTER_RETIREMENT_MS, rotateSigningKey } from '../src/sessions/signingKeys';
import { PROJECT_ID } from './authTestKit';
import { openStytchKit, type StytchKit } from './stytchTestKit';
import { testProject } from './testConfig';

const kidOf = (jwt: string): string => String(decodeProtectedHeader(jwt).kid);

/**
 * A backend written for Stytch keeps verifying session JWTs locally through a key rotation: with
 * the Node SDK's `authenticateJwtLocal` (jose's remote JWKS inside), and with jose's
 * `createRemoteJWKSet` directly, each keeping its JWKS as it always does. Time is the test's clock.
 */
describe('a signing-key rotation, seen by verifiers of session JWTs', () => {
  let kit: StytchKit;
  beforeAll(async () => {
    kit = await openStytchKit('pglite');
  }, 60_000);
  afterAll(() => kit?.close());
  afterEach(() => void vi.useRealTimers());

  it("never fails Stytch's Node SDK nor jose's remote JWKS", async () => {
    const signedIn = await kit.widgetSignIn(`rotation-sdk-${Date.now()}@example.com`);
    const session_token = String(signedIn['session_token']);
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.now();
    const at = (ms: number) => vi.setSystemTime(t0 + ms);
    const jose = createRemoteJWKSet(new URL(`${kit.origin}/v1/sessions/jwks/${PROJECT_ID}`), {
      [customFetch]: async (url: string) => {
        const response = await fetch(url, { dispatcher: kit.dispatcher });
        return new Response(await response.text(), { status: response.status });
      },
    });
    /** A fresh JWT for the session, through the backend API, checked by both verifiers. */
    const refreshAndVerify = async (): Promise<string> => {
      const { session_jwt } = await kit.client.sessions.authenticate({
        session_token,
        session_duration_minutes: 1440,
      });
      await expectVerified(session_jwt);
      return session_jwt;
    };
    const expectVerified = async (session_jwt: string) => {
      const local = await kit.client.sessions.authenticateJwtLocal({ session_jwt });
      expect(local.user_id).toBe(signedIn['user_id']);
      const { payload } = await jwtVerify(session_jwt, jose, { issuer: kit.origin, audience: PROJECT_ID });
      expect(payload.sub).toBe(signedIn['user_id']);
    };

    const before = await refreshAndVerify();
    at(1000);
    const rotation = await rotateSigningKey(kit.db, testProject());
    const activation = rotation.activatesAt.getTime() - t0;
    expect(rotation.retiring).toBe(kidOf(before));

    // Just before the switch: still the old key; both verifiers fetch the JWKS again (theirs is
    // older than jose's 10 minutes) and so hold the new key before anything is signed with it.
    at(activation - 5000);
    const lastOld = await refreshAndVerify();
    expect(kidOf(lastOld)).toBe(rotation.retiring);

    // After the switch: the new key signs, and both verify it without fetching (they may not for
    // 30 s); the old key's last JWT still verifies.
    at(activation + 1000);
    const firstNew = await refreshAndVerify();
    expect(kidOf(firstNew)).toBe(rotation.kid);
    expect(jose.coolingDown).toBe(true);
    await expectVerified(lastOld);

    // Once the old key's tokens have all expired it leaves the JWKS; the session goes on.
    at(activation + PUBLISHED_AFTER_RETIREMENT_MS);
    const { keys } = await kit.client.sessions.getJWKS({ project_id: PROJECT_ID });
    expect(keys.map((k) => k.kid)).toEqual([rotation.kid]);
    expect(kidOf(await refreshAndVerify())).toBe(rotation.kid);
  }, 60_000);
});
