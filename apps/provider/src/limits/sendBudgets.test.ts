import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import type { LatchConfig } from '../config/configSchema';
import { DEFAULT_RATE_LIMITS, defaultRateLimits, type RateLimitsConfig } from '../config/rateLimitsSchema';
import type { Db } from '../db/Db';
import { silentLogger } from '../http/logger';
import { DB_KINDS, openMigratedTestDb } from '../../test/testDatabases';
import { AUTH_ORIGIN, basic, testConfig, TEST_TOKEN } from '../../test/testConfig';

type Json = Record<string, unknown>;
interface Message {
  metadata: { code?: string; token?: string; login_token?: string };
}
interface Answer {
  status: number;
  body: Json;
  retryAfter: string | null;
}

const STRONG = 'plum-Vortex-9-quietly-Anchor';
const NEW_PASSWORD = 'ember-Lantern-4-slowly-Harbor';
/** docs/security.md's worst case for the default budgets: messages one destination gets in any 60 minutes. */
const WORST_PER_HOUR = { email: 70, phone: 42 };

const { sends_per_destination: perDestination } = DEFAULT_RATE_LIMITS;
/** How often one use of the destination budget comes back (2 minutes). */
const REFILL_MS = (perDestination.per_seconds * 1000) / perDestination.limit;
const MINUTE = 60_000;

let seq = 0;
const freshEmail = (what: string) => `${what}${++seq}-${Date.now()}@example.com`;
const freshPhone = () => `+1555${String(1_000_000 + ++seq).slice(-7)}`;
/** A client address no request used before: an attacker has as many as it likes. */
function freshIp(): string {
  const n = ++seq;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
/** A PKCE challenge no one holds the verifier of (43 base64url characters). */
const freshChallenge = () => `challenge-${++seq}`.padEnd(43, 'x');
/** An answer as every call of its kind gets it: the request ids differ by design. */
const withoutRequestIds = (body: Json): string =>
  JSON.stringify(body, (key, value: unknown) => (key === 'request_id' ? undefined : value));
/** The clock only moves forward, across tests too: budgets remember the times they were spent at. */
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

/** The provider as clients reach it over sockets, each request from its own address unless told. */
function provider(db: Db, limits: Partial<RateLimitsConfig> = {}) {
  const config: LatchConfig = { ...testConfig(), rate_limits: { ...defaultRateLimits(), ...limits } };
  const app = createApp({ config, db, authOrigin: AUTH_ORIGIN, logger: silentLogger });
  const post = async (path: string, body: unknown, ip = freshIp()): Promise<Answer> => {
    const response = await app.request(
      `/sdk/v1${path}`,
      {
        method: 'POST',
        headers: { Authorization: basic(TEST_TOKEN), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: ip } } },
    );
    return {
      status: response.status,
      body: (await response.json()) as Json,
      retryAfter: response.headers.get('Retry-After'),
    };
  };
  const inbox = async (to: string): Promise<Message[]> =>
    (await (await app.request(`/dev/inbox.json?to=${encodeURIComponent(to)}`)).json()) as Message[];
  const newest = async (to: string): Promise<Message> => {
    const [message] = await inbox(to);
    if (!message) throw new Error(`no message to ${to}`);
    return message;
  };
  const sentTo = async (to: string): Promise<number> => {
    const [row] = await db.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM outbox WHERE recipient = $1',
      [to],
    );
    return Number(row?.n);
  };
  return { post, inbox, newest, sentTo };
}
type Provider = ReturnType<typeof provider>;

/** One kind of message: how the widget asks for it and how its owner signs in with it. */
interface Flow {
  name: string;
  /** The lifetimes a stranger (shortest) and the owner ask for, in minutes. */
  minutes: { stranger: number; owner: number };
  /** Makes the address's user when the flow needs one. */
  prepare(p: Provider, email: string): Promise<void>;
  ask(email: string, minutes: number): { path: string; body: Json };
  /** Signs in with the message; the status of that call. */
  prove(p: Provider, message: Message, answer: Json): Promise<number>;
}

const signIn = async (p: Provider, path: string, body: Json): Promise<number> =>
  (await p.post(path, { ...body, session_duration_minutes: 5 })).status;

const passcode: Flow = {
  name: 'passcode',
  minutes: { stranger: 1, owner: 10 },
  prepare: async () => undefined,
  ask: (email, minutes) => ({
    path: '/otps/email/login_or_create',
    body: { email, expiration_minutes: minutes },
  }),
  prove: (p, message, answer) =>
    signIn(p, '/otps/authenticate', {
      method_id: (answer['data'] as Json)['method_id'],
      token: message.metadata.code,
    }),
};

const magicLink: Flow = {
  name: 'magic link',
  minutes: { stranger: 5, owner: 30 },
  prepare: async () => undefined,
  ask: (email, minutes) => ({
    path: '/magic_links/email/login_or_create',
    body: { email, login_expiration_minutes: minutes, signup_expiration_minutes: minutes },
  }),
  prove: (p, message) => signIn(p, '/magic_links/authenticate', { token: message.metadata.token }),
};

const resetEmail: Flow = {
  name: 'reset email',
  minutes: { stranger: 5, owner: 30 },
  prepare: async (p, email) => {
    expect(
      (await p.post('/passwords', { email, password: STRONG, session_duration_minutes: 5 })).status,
    ).toBe(200);
  },
  ask: (email, minutes) => ({
    path: '/passwords/email/reset/start',
    body: { email, reset_password_expiration_minutes: minutes },
  }),
  // Both links of the email: the login link first (it leaves the reset link usable), then the reset.
  prove: async (p, message) => {
    const login = await signIn(p, '/magic_links/authenticate', { token: message.metadata.login_token });
    const reset = { token: message.metadata.token, password: NEW_PASSWORD };
    return login === 200 ? signIn(p, '/passwords/email/reset', reset) : login;
  },
};

const FLOWS = [passcode, magicLink, resetEmail];

// Minutes of traffic per test, and the first sign-in makes the project's signing key: generous on a busy machine.
describe.each(DB_KINDS)('send budgets on %s', { timeout: 60_000 }, (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigratedTestDb(kind);
    vi.useFakeTimers({ toFake: ['Date'] });
  }, 60_000);
  afterAll(async () => {
    vi.useRealTimers();
    await db.close();
  });

  const ask = (p: Provider, flow: Flow, email: string, minutes: number, ip?: string) => {
    const { path, body } = flow.ask(email, minutes);
    return p.post(path, body, ip);
  };

  it("refused requests spend no one else's budget: from one spent client, the owner's whole budget is left", async () => {
    const p = provider(db, { sends_per_ip: { limit: 2, per_seconds: 600 } });
    const spent = freshIp();
    for (let i = 0; i < 2; i++)
      expect((await ask(p, passcode, freshEmail('own'), 5, spent)).status).toBe(200);
    const owner = freshEmail('victim');
    await resetEmail.prepare(p, owner);
    for (const flow of [passcode, magicLink, resetEmail, passcode, magicLink]) {
      const refused = await ask(p, flow, owner, 5, spent);
      expect([refused.status, refused.body['error_type']]).toEqual([429, 'too_many_requests']);
    }
    expect(await p.sentTo(owner)).toBe(0);
    // The owner's five sends all go out, each a new message, and the newest signs in.
    let answer: Answer | undefined;
    for (let i = 1; i <= perDestination.limit; i++) {
      answer = await ask(p, passcode, owner, 5);
      expect(answer.status).toBe(200);
      expect(await p.sentTo(owner)).toBe(i);
    }
    expect(await passcode.prove(p, await p.newest(owner), answer?.body ?? {})).toBe(200);
  });

  it('refused requests from 50 client addresses (5 per owner) leave every owner a code to sign in with', async () => {
    const p = provider(db, { sends_per_ip: { limit: 2, per_seconds: 600 } });
    const clients = Array.from({ length: 50 }, freshIp);
    const owners = clients.map(() => freshEmail('owner'));
    for (const ip of clients) {
      for (let i = 0; i < 2; i++) expect((await ask(p, passcode, freshEmail('own'), 5, ip)).status).toBe(200);
    }
    for (const [i, ip] of clients.entries()) {
      for (let k = 0; k < 5; k++) {
        const owner = owners[(i + k) % owners.length] ?? '';
        expect((await ask(p, passcode, owner, 5, ip)).status).toBe(429);
      }
    }
    for (const owner of owners) {
      const answer = await ask(p, passcode, owner, 5);
      expect(answer.status).toBe(200);
      expect(await p.sentTo(owner)).toBe(1);
      expect(await passcode.prove(p, await p.newest(owner), answer.body)).toBe(200);
    }
  });

  /**
   * A stranger who spends the owner's whole budget at once, then every use as it comes back (each
   * send goes out, asking for the shortest life), while the clock runs.
   */
  const stranger = async (p: Provider, flow: Flow, owner: string) => {
    const strangerAsks = async () => {
      const before = await p.sentTo(owner);
      const answer = await ask(p, flow, owner, flow.minutes.stranger);
      expect([answer.status, await p.sentTo(owner)]).toEqual([200, before + 1]);
      return answer;
    };
    const sent = await strangerAsks();
    for (let i = 1; i < perDestination.limit; i++) {
      advance(1000);
      await strangerAsks();
    }
    let next = Date.now() + REFILL_MS;
    return {
      /** Its first answer: what a send answers. */
      sent,
      /** Runs the clock `ms` on, the stranger asking at every refill on the way. */
      runFor: async (ms: number) => {
        const until = Date.now() + ms;
        for (; next <= until; next += REFILL_MS) {
          vi.setSystemTime(next);
          await strangerAsks();
        }
        vi.setSystemTime(until);
      },
      /** Milliseconds until its next send. */
      untilNext: () => next - Date.now(),
    };
  };

  it.each(FLOWS)("a stranger's sustained sends never keep the owner from signing in: $name", async (flow) => {
    const p = provider(db);
    const owner = freshEmail('owner');
    await flow.prepare(p, owner);
    const { sent, runFor, untilNext } = await stranger(p, flow, owner);
    for (let round = 1; round <= 6; round++) {
      await runFor(untilNext() + 30_000);
      const before = await p.sentTo(owner);
      const answer = await ask(p, flow, owner, flow.minutes.owner);
      // Exactly the answer of a send, and no new message: the newest one is kept working.
      expect([answer.status, answer.retryAfter]).toEqual([200, null]);
      expect(withoutRequestIds(answer.body)).toEqual(withoutRequestIds(sent.body));
      expect(await p.sentTo(owner)).toBe(before);
      // Past the stranger's own lifetime, the owner's ask keeps the newest message working.
      if (round % 2) await runFor(flow.minutes.stranger * MINUTE + 1000);
      if (round % 2) expect(await flow.prove(p, await p.newest(owner), answer.body)).toBe(200);
    }
    // The owner asked last: the stranger's next message lives as long as the owner asked for.
    await runFor(untilNext());
    advance((flow.minutes.stranger + 1) * MINUTE);
    expect(await flow.prove(p, await p.newest(owner), sent.body)).toBe(200);
  });

  it('with no usable message (burned, expired, bound to another challenge), one spare message goes out and works', async () => {
    const p = provider(db);
    const owner = freshEmail('owner');
    const { sent, runFor, untilNext } = await stranger(p, passcode, owner);
    const methodId = String((sent.body['data'] as Json)['method_id']);
    const ownerAsks = async (flow: Flow, sends: number, body: Json = {}) => {
      const before = await p.sentTo(owner);
      const { path, body: asked } = flow.ask(owner, flow.minutes.owner);
      const answer = await p.post(path, { ...asked, ...body });
      expect(answer.status).toBe(200);
      expect(await p.sentTo(owner)).toBe(before + sends);
      return answer;
    };
    const askAndProve = async (flow: Flow) => {
      const answer = await ownerAsks(flow, 1);
      return flow.prove(p, await p.newest(owner), answer.body);
    };
    // Burned: the stranger guesses the current code wrong until it is gone.
    const code = Number((await p.newest(owner)).metadata.code);
    for (let i = 0; i < 5; i++) {
      const guess = String((code + 1 + i) % 1_000_000).padStart(6, '0');
      const wrong = await p.post('/otps/authenticate', {
        method_id: methodId,
        token: guess,
        session_duration_minutes: 5,
      });
      expect(wrong.status).toBeGreaterThanOrEqual(400);
    }
    expect(await askAndProve(passcode)).toBe(200);
    // Bound to a challenge: the stranger's link is no use to the owner, whose own ask gets one.
    await ownerAsks(magicLink, 1, { code_challenge: freshChallenge() });
    expect(await askAndProve(magicLink)).toBe(200);
    // Each kind's spare is spent: with nothing usable, nothing more goes out until it comes back.
    await ownerAsks(magicLink, 0, { code_challenge: freshChallenge() });
    await ownerAsks(passcode, 0);
    // Expired: the stranger's one-minute code, a minute after it went out, ten minutes on.
    await runFor(10 * MINUTE);
    await runFor(untilNext() + MINUTE + 1000);
    expect(await askAndProve(passcode)).toBe(200);
  });

  it(`a destination gets at most ${WORST_PER_HOUR.email} emails or ${WORST_PER_HOUR.phone} texts in an hour, from any number of clients`, async () => {
    const p = provider(db);
    const email = freshEmail('target');
    const phone = freshPhone();
    await resetEmail.prepare(p, email);
    const start = { email: await p.sentTo(email), phone: await p.sentTo(phone) };
    /** Asks for a passcode and burns it with five wrong guesses, so the next ask finds none usable. */
    const askAndBurn = async (path: string, body: Json) => {
      const answer = await p.post(path, body);
      const methodId = (answer.body['data'] as Json)['method_id'];
      for (let i = 0; i < 5; i++) {
        await p.post('/otps/authenticate', {
          method_id: methodId,
          token: '000000',
          session_duration_minutes: 5,
        });
      }
    };
    for (let minute = 0; minute <= 60; minute += 2) {
      if (minute) advance(2 * MINUTE);
      for (let i = 0; i < 3; i++) {
        await askAndBurn('/otps/email/login_or_create', { email, expiration_minutes: 1 });
        await p.post('/magic_links/email/login_or_create', { email, code_challenge: freshChallenge() });
        await p.post('/passwords/email/reset/start', { email, code_challenge: freshChallenge() });
        await askAndBurn('/otps/sms/login_or_create', { phone_number: phone, expiration_minutes: 1 });
        await askAndBurn('/otps/whatsapp/login_or_create', { phone_number: phone, expiration_minutes: 1 });
      }
      // Unbound links, left to expire between asks, so that each ask finds none usable.
      if (minute % 10 === 0) {
        await p.post('/magic_links/email/login_or_create', { email, login_expiration_minutes: 5 });
        await p.post('/passwords/email/reset/start', { email, reset_password_expiration_minutes: 5 });
      }
    }
    const emails = (await p.sentTo(email)) - start.email;
    const texts = (await p.sentTo(phone)) - start.phone;
    expect(emails).toBeLessThanOrEqual(WORST_PER_HOUR.email);
    expect(texts).toBeLessThanOrEqual(WORST_PER_HOUR.phone);
    // Past the budget's 35 in an hour: the spare sends are in play, and a phone gets its worst case.
    expect(emails).toBeGreaterThan(35);
    expect(texts).toBe(WORST_PER_HOUR.phone);
  });

  it("server-started reset emails spend the destination's budget: sign-up on a passwordless address", async () => {
    const p = provider(db);
    const owner = freshEmail('passwordless');
    await ask(p, magicLink, owner, 30);
    expect(await magicLink.prove(p, await p.newest(owner), {})).toBe(200);
    for (let i = 0; i < 10; i++) {
      const answer = await p.post('/passwords', {
        email: owner,
        password: STRONG,
        session_duration_minutes: 5,
      });
      expect([answer.status, answer.body['error_type']]).toEqual([400, 'reset_password']);
    }
    // One magic link and four reset emails spend the budget; the later sign-ups keep the newest.
    expect(await p.sentTo(owner)).toBe(perDestination.limit);
    expect(await resetEmail.prove(p, await p.newest(owner), {})).toBe(200);
  });
});
