import {
  createProviderHandlers,
  MSW_PUBLIC_TOKEN,
  type LatchConfig,
  type Override,
  type ProviderOperation,
} from '@latch/msw';
import type { AuthenticateResponse, User } from '@latch/api';
import { setupServer } from 'msw/node';
import { readPGliteDump } from '@latch/test-support/pglite';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { setTestNetwork, TEST_BASE_URL } from './testNetwork';

type Json = Record<string, unknown>;

/** A request the widget sent, as "METHOD /path" under /sdk/v1 and its parsed JSON body. */
export interface SentRequest {
  route: string;
  body: unknown;
}

/** One message of the provider's dev outbox (what it "emailed" or "texted"). */
export interface InboxEntry {
  to: string;
  subject: string;
  text: string;
  link?: string;
  code?: string;
  metadata: { url?: string; token?: string; code?: string; login_token?: string };
}

/** What `setSession` receives. */
type HandedSession = Pick<AuthenticateResponse, 'session_token' | 'session_jwt' | 'session' | 'user'>;

let unique = 0;

/** A sent body as JSON; the raw text when it is not JSON (the provider then answers 400). */
function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The real provider, in-process on PGlite, behind msw for this test file: screens get real
 * answers and tests inject only failures with `override`. One provider per file (opening PGlite
 * takes a second or more); tests keep apart by using `uniqueEmail()`.
 */
export function providerServer({ config }: { config?: LatchConfig } = {}) {
  // The run's migrated database (test/pgliteTemplate.ts), in memory: no initdb in this file, and
  // no folder to copy (a thousand files, 40 MB: over a second per file) or remove.
  const loadDataDir = readPGliteDump(inject('pgliteDump'));
  const handlers = createProviderHandlers({
    baseUrl: TEST_BASE_URL,
    loadDataDir,
    ...(config ? { config } : {}),
  });
  const server = setupServer(...handlers.all);
  const sent: { route: string; body: Promise<unknown> }[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/sdk/v1/')) return;
    const route = `${request.method} ${url.pathname.slice('/sdk/v1'.length)}`;
    const text =
      request.method === 'GET' || request.method === 'DELETE' ? Promise.resolve('') : request.clone().text();
    sent.push({ route, body: text.then(parseBody) });
  });

  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    setTestNetwork({
      fetch: (input, init) => fetch(input, init),
      publicToken: MSW_PUBLIC_TOKEN,
      parentHost: location.origin,
    });
    await handlers.provider();
  }, 60_000);
  afterEach(() => {
    server.resetHandlers();
    sent.length = 0;
  });
  afterAll(async () => {
    setTestNetwork(undefined);
    server.close();
    await (await handlers.provider()).db.close();
  }, 60_000);

  /** An SDK call straight to the provider (not through msw), as the widget would send it. */
  const call = async (method: string, path: string, body?: unknown, sessionToken?: string) => {
    const { app } = await handlers.provider();
    const response = await app.request(`/sdk/v1${path}`, {
      method,
      headers: {
        Authorization: `Basic ${btoa(`${MSW_PUBLIC_TOKEN}:${sessionToken ?? MSW_PUBLIC_TOKEN}`)}`,
        'Content-Type': 'application/json',
        'X-SDK-Parent-Host': location.origin,
        Origin: location.origin,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as Json;
    if (response.status !== 200)
      throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json['data'] as Json;
  };

  const sessionOf = async (sessionToken: string) =>
    (await call('POST', '/sessions/authenticate', {}, sessionToken)) as unknown as AuthenticateResponse;

  const inbox = async (to: string): Promise<InboxEntry[]> => {
    const { app } = await handlers.provider();
    return (await (await app.request(`/dev/inbox.json?to=${encodeURIComponent(to)}`)).json()) as InboxEntry[];
  };

  return {
    server,
    /** The provider's database, to put a user in a state no API call reaches (e.g. a forced reset). */
    db: async () => (await handlers.provider()).db,
    /** Replaces one operation until the test ends (failures, slow or dead network). */
    override: (operation: ProviderOperation, replacement: Override) =>
      server.use(handlers.override(operation, replacement)),
    /** What the widget sent to the provider in this test, oldest first. */
    sent: async (): Promise<SentRequest[]> =>
      Promise.all(sent.map(async ({ route, body }) => ({ route, body: await body }))),
    call,
    /** A page request to the provider as a browser tab would make it (OAuth start, the dev IdP); redirects not followed. */
    page: async (path: string, init?: RequestInit): Promise<Response> =>
      (await handlers.provider()).app.request(path, init),
    /** Messages the provider sent to `to`, newest first. */
    inbox,
    /** The newest message sent to `to`. */
    latestMessage: async (to: string): Promise<InboxEntry> => {
      const [message] = await inbox(to);
      if (!message) throw new Error(`no message to ${to}`);
      return message;
    },
    /** The user and session a session token belongs to, as the provider knows them. */
    sessionOf,
    /**
     * What the widget handed the host (`setSession`) is exactly the session, its JWT, its token and
     * the user, and the provider knows that session, for `email`'s user when given.
     */
    expectHandedSession: async (handed: HandedSession | undefined, email?: string) => {
      expect(Object.keys(handed ?? {}).sort()).toEqual(['session', 'session_jwt', 'session_token', 'user']);
      const live = await sessionOf(handed?.session_token ?? '');
      expect(handed?.session.session_id).toBe(live.session.session_id);
      expect(handed?.user.user_id).toBe(live.user.user_id);
      if (email) expect(live.user.emails.map((e) => e.email)).toContain(email);
      return live;
    },
    /** A user who signed up with this password (and has a live session). */
    signUpWithPassword: async (email: string, password: string) =>
      (await call('POST', '/passwords', {
        email,
        password,
        session_duration_minutes: 30,
      })) as unknown as AuthenticateResponse & { user: User },
  };
}

export type ProviderServer = ReturnType<typeof providerServer>;

/** An address no other test of the file uses, so users never collide. */
export function uniqueEmail(name = 'ada'): string {
  return `${name}-${++unique}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
