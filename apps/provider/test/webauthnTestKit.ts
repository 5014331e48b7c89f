import { AUTH_ORIGIN, HOST, sdkHeaders } from './testConfig';
import type { DbKind } from './testDatabases';
import { createTestAuthenticator, type TestAuthenticator } from '@latch/test-support/passkeys';
import type { AssertionContext, CeremonyContext } from '@latch/test-support/passkeys';
import { openAuthKit } from './authTestKit';

type Json = Record<string, unknown>;
export type Reply = { status: number; body: Json };

/** What the browser reports by default: the frame on the auth origin, embedded in the demo host. */
export const BROWSER = { origin: AUTH_ORIGIN, crossOrigin: true, topOrigin: HOST };

let n = 0;

/** Overrides of what the browser reports; `topOrigin: null` leaves it out (a top-level frame, Safari). */
type Browser<C extends CeremonyContext> = Partial<Omit<C, 'topOrigin'>> & { topOrigin?: string | null };

function context<C extends CeremonyContext>(base: C, browser: Browser<C>): C {
  const { topOrigin, ...rest } = { ...base, ...browser };
  return { ...rest, ...(topOrigin === null || topOrigin === undefined ? {} : { topOrigin }) } as C;
}

/** `openAuthKit` plus the passkey ceremonies, run with the software authenticator. */
export async function openWebAuthnKit(kind: DbKind = 'pglite') {
  const kit = await openAuthKit(kind);

  /** Any SDK call (GET/PUT/DELETE included), as the widget sends it. */
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    sessionToken?: string,
  ): Promise<Reply> => {
    const response = await kit.app.request(`/sdk/v1${path}`, {
      method,
      headers: sdkHeaders(sessionToken),
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const data = (reply: Reply): Json => {
    if (reply.status !== 200) throw new Error(`answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    return reply.body['data'] as Json;
  };

  /** A new user with a live session (by email magic link). */
  const signUp = async (): Promise<{ sessionToken: string; userId: string; email: string }> => {
    const email = `passkey${++n}-${Date.now()}@example.com`;
    const auth = await kit.signInByMagicLink(email);
    return { sessionToken: String(auth['session_token']), userId: String(auth['user_id']), email };
  };

  /** register/start; answers the parsed creation options. */
  const startRegistration = async (sessionToken: string, body: Json = {}) => {
    const start = data(
      await call(
        'POST',
        '/webauthn/register/start',
        {
          domain: 'localhost',
          return_passkey_credential_options: true,
          user_agent: 'TestBrowser/1.0',
          ...body,
        },
        sessionToken,
      ),
    );
    return JSON.parse(String(start['public_key_credential_creation_options'])) as {
      challenge: string;
      rp: { id: string; name: string };
      user: { id: string; name: string; displayName: string };
      excludeCredentials: { id: string }[];
      authenticatorSelection: Json;
    };
  };

  /** The whole registration; `browser` overrides what the authenticator reports. */
  const register = async (
    sessionToken: string,
    authenticator: TestAuthenticator = createTestAuthenticator(),
    browser: Browser<CeremonyContext> = {},
  ): Promise<Reply> => {
    const options = await startRegistration(sessionToken);
    const credential = authenticator.register(
      context({ ...BROWSER, rpId: options.rp.id, challenge: options.challenge }, browser),
    );
    return call(
      'POST',
      '/webauthn/register',
      { public_key_credential: credential, session_duration_minutes: 60 },
      sessionToken,
    );
  };

  /** authenticate/start/primary (or secondary with a session); answers the parsed request options. */
  const startLogin = async (sessionToken?: string) => {
    const path = `/webauthn/authenticate/start/${sessionToken ? 'secondary' : 'primary'}`;
    const start = data(
      await call(
        'POST',
        path,
        { domain: 'localhost', return_passkey_credential_options: true },
        sessionToken,
      ),
    );
    return JSON.parse(String(start['public_key_credential_request_options'])) as {
      challenge: string;
      rpId: string;
      allowCredentials?: { id: string }[];
    };
  };

  /** A passkey login; answers the authenticate reply and the credential JSON that was sent. */
  const login = async (
    authenticator: TestAuthenticator,
    browser: Browser<AssertionContext> = {},
    sessionToken?: string,
  ): Promise<Reply & { credential: string }> => {
    const options = await startLogin(sessionToken);
    const credential = authenticator.authenticate(
      context<AssertionContext>({ ...BROWSER, rpId: options.rpId, challenge: options.challenge }, browser),
    );
    const reply = await call(
      'POST',
      '/webauthn/authenticate',
      { public_key_credential: credential, session_duration_minutes: 30 },
      sessionToken,
    );
    return { ...reply, credential };
  };

  const me = async (sessionToken: string) => data(await call('GET', '/users/me', undefined, sessionToken));

  return { ...kit, call, data, signUp, startRegistration, register, startLogin, login, me };
}

export type WebAuthnKit = Awaited<ReturnType<typeof openWebAuthnKit>>;
