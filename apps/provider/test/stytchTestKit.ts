import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import * as stytch from 'stytch';
import { Agent, fetch, type RequestInit } from 'undici';
import type { Db } from '../src/db/Db';
import type { LatchConfig } from '../src/config/configSchema';
import { currentSigningKey } from '../src/sessions/signingKeys';
import { PROJECT_ID, PROJECT_SECRET, type InboxEntry } from './authTestKit';
import { selfSignedCertificate } from './selfSignedCertificate';
import { testApp } from './testApp';
import { basic, HOST, testConfig, testProject, TEST_TOKEN } from './testConfig';
import { openMigratedTestDb, type DbKind } from './testDatabases';

type Json = Record<string, unknown>;

/**
 * The provider listening on HTTPS on a real port (Stytch's Node SDK only takes an `https://` base
 * URL), with Stytch's own Node SDK configured against it as a team moving from Stytch would: the
 * project id, the secret and our base URL. The only other setting is a `dispatcher` that trusts
 * the test's self-signed certificate; the SDK's JWKS fetch (jose over `https.get`) trusts it
 * through the global agent for the kit's lifetime.
 */
export async function openStytchKit(kind: DbKind = 'pglite', overrides: Partial<LatchConfig> = {}) {
  const db: Db = await openMigratedTestDb(kind);
  const { key, cert } = await selfSignedCertificate();
  let handle: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 });
  let server: ServerType | undefined;
  // The app needs its own public origin (the JWT issuer), known once the port is.
  const port = await new Promise<number>((resolve) => {
    server = serve(
      {
        fetch: (request) => handle(request),
        port: 0,
        hostname: '127.0.0.1',
        createServer: https.createServer,
        serverOptions: { key, cert },
      },
      (info: AddressInfo) => resolve(info.port),
    );
  });
  const origin = `https://127.0.0.1:${port}`;
  const { app, logger } = testApp({ db, config: { ...testConfig(), ...overrides }, authOrigin: origin });
  handle = (request) => app.fetch(request);
  // The project's first signing key (an RSA key pair) is made here, not inside the first test.
  await currentSigningKey(db, testProject());

  const dispatcher = new Agent({ connect: { ca: cert } });
  const previousCa = https.globalAgent.options.ca;
  https.globalAgent.options.ca = cert;
  const client = new stytch.Client({
    project_id: PROJECT_ID,
    secret: PROJECT_SECRET,
    custom_base_url: origin,
    dispatcher,
  });

  /** Any call over HTTPS, answering status and JSON: for raw requests and error shapes. */
  const request = async (
    method: string,
    path: string,
    { body, authorization, origin: from }: { body?: unknown; authorization?: string; origin?: string } = {},
  ): Promise<{ status: number; body: Json; headers: Headers }> => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (authorization !== undefined) headers['Authorization'] = authorization;
    if (from) headers['Origin'] = from;
    const init: RequestInit = { method, headers, dispatcher };
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await fetch(`${origin}${path}`, init);
    return { status: response.status, body: (await response.json()) as Json, headers: response.headers };
  };
  /** A request as a browser navigation makes it: no redirect followed, the response as it came. */
  const navigate = (path: string, init: { method?: string; form?: Record<string, string> } = {}) =>
    fetch(`${origin}${path}`, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      dispatcher,
      ...(init.form
        ? {
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(init.form).toString(),
          }
        : {}),
    });
  /** A backend call with the project secret, raw. */
  const backend = (method: string, path: string, body?: unknown) =>
    request(method, path, { body, authorization: basic(PROJECT_ID, PROJECT_SECRET) });
  /** An SDK call as the widget on the host page makes it; answers `data` of a call that must succeed. */
  const widget = async (path: string, body: unknown, sessionToken = TEST_TOKEN): Promise<Json> => {
    const r = await request('POST', `/sdk/v1${path}`, {
      body,
      authorization: basic(TEST_TOKEN, sessionToken),
      origin: HOST,
    });
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body['data'] as Json;
  };
  /** What the provider sent to this address or number, newest first. */
  const inbox = async (to: string): Promise<InboxEntry[]> =>
    (await request('GET', `/dev/inbox.json?to=${encodeURIComponent(to)}`)).body as unknown as InboxEntry[];
  const latest = async (to: string): Promise<InboxEntry> => {
    const [message] = await inbox(to);
    if (!message) throw new Error(`nothing was sent to ${to}`);
    return message;
  };
  /** A session the widget starts: an email passcode sent and entered, as the login screen does. */
  const widgetSignIn = async (email: string): Promise<Json> => {
    const { method_id } = await widget('/otps/email/login_or_create', { email });
    const { metadata } = await latest(email);
    return widget('/otps/authenticate', { method_id, token: metadata.code, session_duration_minutes: 60 });
  };

  return {
    db,
    app,
    logger,
    origin,
    /** Trusts the kit's certificate: for other clients of the kit's server. */
    dispatcher,
    client,
    request,
    navigate,
    backend,
    widget,
    inbox,
    latest,
    widgetSignIn,
    close: async () => {
      https.globalAgent.options.ca = previousCa;
      await dispatcher.close();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      await db.close();
    },
  };
}

export type StytchKit = Awaited<ReturnType<typeof openStytchKit>>;
