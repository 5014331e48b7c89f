import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Db } from '../src/db/Db';
import type { LatchConfig } from '../src/config/configSchema';
import { createDeliveryWorker, type DeliveryWorkerDeps } from '../src/delivery/deliveryWorker';
import { capturingLogger, testApp } from './testApp';
import { currentSigningKey } from '../src/sessions/signingKeys';
import { AUTH_ORIGIN, basic, HOST, testConfig, testProject, sdkHeaders } from './testConfig';
import { openMigratedTestDb, type DbKind } from './testDatabases';

export const PROJECT_ID = 'project-test-11111111-1111-4111-8111-111111111111';
export const PROJECT_SECRET = 'secret-test-0123456789abcdef';
export const REDIRECT = `${HOST}/authenticate`;

type Json = Record<string, unknown>;

export interface InboxEntry {
  channel: string;
  to: string;
  subject: string;
  text: string;
  link?: string;
  code?: string;
  metadata: { url?: string; token?: string; code?: string };
}

/**
 * A migrated database and an app on it, with helpers that call the API as the widget does.
 * `overrides` replace keys of the test config (usually `projects`).
 */
export async function openAuthKit(
  kind: DbKind = 'pglite',
  overrides: Partial<LatchConfig> = {},
  delivery: Pick<DeliveryWorkerDeps, 'timing' | 'now' | 'gateways'> &
    Partial<Pick<DeliveryWorkerDeps, 'env'>> = {},
) {
  const config: LatchConfig = { ...testConfig(), ...overrides };
  const db: Db = await openMigratedTestDb(kind);
  const logger = capturingLogger();
  const worker = createDeliveryWorker({ db, config, logger, env: process.env, ...delivery });
  const { app } = testApp({ db, config, logger, delivery: worker });

  /** An SDK POST: Basic public_token:(session token or public token), JSON body, the demo host's Origin. */
  const post = async (path: string, body?: unknown, sessionToken?: string) => {
    const response = await app.request(`/sdk/v1${path}`, {
      method: 'POST',
      headers: sdkHeaders(sessionToken),
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    // The text as well as its JSON: a test may compare the bytes an answer was written with.
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as Json, text, headers: response.headers };
  };
  /** The `data` of a call that must succeed. */
  const ok = async (path: string, body?: unknown, sessionToken?: string) => {
    const r = await post(path, body, sessionToken);
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body['data'] as Json;
  };
  const backend = async (body: unknown, credentials = basic(PROJECT_ID, PROJECT_SECRET)) => {
    const response = await app.request('/v1/sessions/authenticate', {
      method: 'POST',
      headers: { Authorization: credentials, 'Content-Type': 'application/json', Origin: HOST },
      body: JSON.stringify(body),
    });
    // The text as well as its JSON: a test may compare the bytes an answer was written with.
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as Json, text, headers: response.headers };
  };
  /** Any backend API call with the project secret (from `ip` when given, as over a socket). */
  const v1 = async (method: string, path: string, body?: unknown, { ip }: { ip?: string } = {}) => {
    const response = await app.request(
      path,
      {
        method,
        headers: { Authorization: basic(PROJECT_ID, PROJECT_SECRET), 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      },
      ip ? { incoming: { socket: { remoteAddress: ip } } } : undefined,
    );
    // The text as well as its JSON: a test may compare the bytes an answer was written with.
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as Json, text, headers: response.headers };
  };
  /** A backend POST that must succeed: its flat answer, checked for Stytch's `status_code` and `request_id`. */
  const v1Ok = async (path: string, body: unknown): Promise<Json> => {
    const r = await v1('POST', path, body);
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
    expect(r.body).toMatchObject({ status_code: 200, request_id: expect.stringMatching(/^request-id-/) });
    return r.body;
  };
  const inbox = async (to: string): Promise<InboxEntry[]> =>
    (await (await app.request(`/dev/inbox.json?to=${encodeURIComponent(to)}`)).json()) as InboxEntry[];
  const latest = async (to: string): Promise<InboxEntry> => {
    const [message] = await inbox(to);
    if (!message) throw new Error(`no message to ${to}`);
    return message;
  };
  /** Verifies a session JWT against the JWKS route, as a host backend would. */
  const verifyJwt = async (jwt: string): Promise<JWTPayload> => {
    const jwks = (await (await app.request(`/v1/sessions/jwks/${PROJECT_ID}`)).json()) as Parameters<
      typeof createLocalJWKSet
    >[0];
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(jwks), {
      issuer: AUTH_ORIGIN,
      audience: PROJECT_ID,
    });
    return payload;
  };
  /** Signs up by email magic link; answers the authenticate data. */
  const signInByMagicLink = async (email: string, sessionToken?: string) => {
    await ok('/magic_links/email/login_or_create', { email });
    const { metadata } = await latest(email);
    return ok(
      '/magic_links/authenticate',
      { token: metadata.token, session_duration_minutes: 60 },
      sessionToken,
    );
  };
  return {
    db,
    app,
    logger,
    post,
    ok,
    backend,
    v1,
    v1Ok,
    inbox,
    latest,
    verifyJwt,
    signInByMagicLink,
    delivery: worker,
    close: async () => {
      await worker.stop();
      await db.close();
    },
  };
}

export type AuthKit = Awaited<ReturnType<typeof openAuthKit>>;

/**
 * The AuthKit of the enclosing `describe`: opened on `kind` before its tests and closed after them,
 * the real clock put back after each test. It answers in tests and hooks, not while tests are collected.
 */
export function authKitFor(kind: DbKind, overrides: Partial<LatchConfig> = {}): AuthKit {
  let opened: AuthKit | undefined;
  beforeAll(async () => {
    opened = await openAuthKit(kind, overrides);
    // The project's first signing key (an RSA key pair) is made here, not inside the first test.
    await currentSigningKey(opened.db, testProject());
  }, 60_000);
  afterAll(() => opened?.close());
  afterEach(() => vi.useRealTimers());
  const current = (): AuthKit => {
    if (!opened) throw new Error('The AuthKit opens before the tests: use it in a test or a hook.');
    return opened;
  };
  return new Proxy({} as AuthKit, { get: (_target, key) => Reflect.get(current(), key) });
}
