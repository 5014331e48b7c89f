import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../db/Db';
import { openPostgresDb } from '../db/postgres';
import { createTestAuthenticator } from '@latch/test-support/passkeys';
import { PROJECT_ID, PROJECT_SECRET } from '../../test/authTestKit';
import { testApp } from '../../test/testApp';
import { basic, HOST, TEST_TOKEN } from '../../test/testConfig';
import { createPostgresDatabase, DB_KINDS } from '../../test/testDatabases';
import { openWebAuthnKit, type WebAuthnKit } from '../../test/webauthnTestKit';

type Json = Record<string, unknown>;
type UserJson = {
  user_id: string;
  emails: { email: string; verified: boolean }[];
  phone_numbers: { phone_number: string; verified: boolean }[];
  password: { requires_reset: boolean } | null;
  webauthn_registrations: unknown[];
  crypto_wallets: unknown[];
};

const STRANGERS = 'plum-Vortex-9-quietly-Anchor';
const OWNERS = 'saffron-Glacier-71-murmur-Oak';
/** Password hashes, passkey ceremonies and a fresh database's signing key take a while. */
const SLOW = { timeout: 30_000 };
let n = 0;
const freshEmail = () => `owner${++n}-${Date.now()}@example.com`;
const freshPhone = () => `+1555${String(Date.now() % 1_000_000).padStart(6, '0')}${++n % 10}`;

// The attacks of Sudhodanan and Paverd, "Pre-hijacked accounts" (2022): a stranger signs up with
// the owner's address before the owner does, and keeps a way in once the owner signs in.
describe.each(DB_KINDS)("an address's first proof makes its prover the owner, on %s", SLOW, (kind) => {
  let kit: WebAuthnKit;
  beforeAll(async () => {
    kit = await openWebAuthnKit(kind);
  }, 60_000);
  afterAll(() => kit?.close());

  /** The stranger signs the owner's address up with a password: a session, nothing proved. */
  const strangerSignsUp = async (email: string) => {
    const data = await kit.ok('/passwords', { email, password: STRANGERS, session_duration_minutes: 60 });
    return {
      userId: String(data['user_id']),
      token: String(data['session_token']),
      jwt: String(data['session_jwt']),
    };
  };
  const passwordLogin = (email: string, password = STRANGERS) =>
    kit.post('/passwords/authenticate', { email, password, session_duration_minutes: 60 });
  /** A passcode sign-in (email, or SMS to a number), with the request carrying `sessionToken` when given. */
  const passcodeSignIn = async (to: string, sessionToken?: string) => {
    const { method_id } = to.startsWith('+')
      ? await kit.ok('/otps/sms/login_or_create', { phone_number: to })
      : await kit.ok('/otps/email/login_or_create', { email: to });
    const { code } = await kit.latest(to);
    return kit.ok(
      '/otps/authenticate',
      { method_id, token: code, session_duration_minutes: 60 },
      sessionToken,
    );
  };
  const refresh = (sessionToken: string) => kit.post('/sessions/authenticate', {}, sessionToken);
  const errorOf = (r: { status: number; body: Json }) => [r.status, r.body['error_type']];
  const userOf = (data: Json) => data['user'] as UserJson;

  /** What the stranger holds is dead: the session refreshes nowhere, the password asks for a reset. */
  const expectStrangerOut = async (email: string, stranger: { token: string; jwt: string }) => {
    expect(errorOf(await refresh(stranger.token))).toEqual([404, 'session_not_found']);
    expect(errorOf(await kit.backend({ session_token: stranger.token }))).toEqual([404, 'session_not_found']);
    expect(errorOf(await kit.backend({ session_jwt: stranger.jwt }))).toEqual([404, 'session_not_found']);
    expect(errorOf(await passwordLogin(email))).toEqual([400, 'reset_password']);
  };

  it("after the owner's email passcode: the stranger's password and session stop working; the owner resets it", async () => {
    const email = freshEmail();
    const stranger = await strangerSignsUp(email);
    // Refreshed once before, so the provider holds the session and its user in its caches.
    expect((await refresh(stranger.token)).status).toBe(200);

    const owner = await passcodeSignIn(email);
    expect(owner['user_id']).toBe(stranger.userId);
    expect(userOf(owner)).toMatchObject({
      emails: [{ email, verified: true }],
      password: { requires_reset: true },
    });
    await expectStrangerOut(email, stranger);
    expect((await refresh(String(owner['session_token']))).status).toBe(200);

    // The refused login emailed the owner a reset link: the owner sets a password of their own.
    const { metadata } = await kit.latest(email);
    const reset = await kit.post('/passwords/email/reset', {
      token: metadata.token,
      password: OWNERS,
      session_duration_minutes: 60,
    });
    expect(reset.status).toBe(200);
    expect((await passwordLogin(email, OWNERS)).status).toBe(200);
    expect(errorOf(await passwordLogin(email))).toEqual([401, 'unauthorized_credentials']);
  });

  it("after the owner's magic link", async () => {
    const email = freshEmail();
    const stranger = await strangerSignsUp(email);
    const owner = await kit.signInByMagicLink(email);
    expect(owner['user_id']).toBe(stranger.userId);
    await expectStrangerOut(email, stranger);
    expect((await refresh(String(owner['session_token']))).status).toBe(200);
  });

  it("after the owner's SMS passcode to the account's number", async () => {
    const email = freshEmail();
    const phone = freshPhone();
    const stranger = await strangerSignsUp(email);
    // The stranger gave the owner's number too (an app's own sign-up form stores it unverified).
    await kit.db.query(
      `INSERT INTO user_phone_numbers (phone_id, user_id, project_id, phone_number)
       SELECT 'phone-number-test-' || gen_random_uuid(), user_id, project_id, $2 FROM users WHERE user_id = $1`,
      [stranger.userId, phone],
    );
    const owner = await passcodeSignIn(phone);
    expect(owner['user_id']).toBe(stranger.userId);
    expect(userOf(owner).phone_numbers).toEqual([
      expect.objectContaining({ phone_number: phone, verified: true }),
    ]);
    await expectStrangerOut(email, stranger);
    expect((await refresh(String(owner['session_token']))).status).toBe(200);
  });

  it('removes the passkey and the wallet the stranger attached; neither signs in to the account again', async () => {
    const email = freshEmail();
    const stranger = await strangerSignsUp(email);
    const passkey = createTestAuthenticator();
    expect((await kit.register(stranger.token, passkey)).status).toBe(200);
    const wallet = privateKeyToAccount(generatePrivateKey());
    const walletSignIn = async (path: string, sessionToken?: string) => {
      const body = { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' };
      const { challenge } = await kit.ok(path, body, sessionToken);
      const signature = await wallet.signMessage({ message: String(challenge) });
      return kit.ok(
        '/crypto_wallets/authenticate',
        { ...body, signature, session_duration_minutes: 60 },
        sessionToken,
      );
    };
    await walletSignIn('/crypto_wallets/authenticate/start/secondary', stranger.token);
    const held = (await kit.me(stranger.token)) as UserJson;
    expect([held.webauthn_registrations.length, held.crypto_wallets.length]).toEqual([1, 1]);

    const owner = await passcodeSignIn(email);
    expect(userOf(owner)).toMatchObject({ webauthn_registrations: [], crypto_wallets: [] });
    // The owner's next refresh answers the user without them, not a cached copy.
    const refreshed = await refresh(String(owner['session_token']));
    expect(userOf(refreshed.body['data'] as Json)).toMatchObject({
      webauthn_registrations: [],
      crypto_wallets: [],
    });

    const byPasskey = await kit.login(passkey);
    expect([byPasskey.status, byPasskey.body['error_type']]).toEqual([
      404,
      'webauthn_registration_not_found',
    ]);
    const byWallet = await walletSignIn('/crypto_wallets/authenticate/start/primary');
    expect(byWallet['user_id']).not.toBe(stranger.userId);
  });

  it("a wallet challenge the stranger's session started before the claim attaches nothing after it", async () => {
    const email = freshEmail();
    const stranger = await strangerSignsUp(email);
    const wallet = privateKeyToAccount(generatePrivateKey());
    const body = { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' };
    const { challenge } = await kit.ok('/crypto_wallets/authenticate/start/secondary', body, stranger.token);
    const owner = await passcodeSignIn(email);

    const signature = await wallet.signMessage({ message: String(challenge) });
    const completed = await kit.post(
      '/crypto_wallets/authenticate',
      { ...body, signature, session_duration_minutes: 60 },
      stranger.token,
    );
    expect(completed.status).toBeGreaterThanOrEqual(400);
    expect(completed.status).toBeLessThan(500);
    const refreshed = await refresh(String(owner['session_token']));
    expect(userOf(refreshed.body['data'] as Json).crypto_wallets).toEqual([]);
  });

  it('takes nothing when the request carries the holder’s own session: a password sign-up proves its email', async () => {
    const email = freshEmail();
    const holder = await strangerSignsUp(email);
    const proved = await passcodeSignIn(email, holder.token);
    expect(proved['session_token']).toBe(holder.token);
    expect(userOf(proved)).toMatchObject({
      emails: [{ email, verified: true }],
      password: { requires_reset: false },
    });
    expect((await refresh(holder.token)).status).toBe(200);
    expect((await passwordLogin(email)).status).toBe(200);
  });

  it('takes nothing from an account whose address was already proved', async () => {
    const email = freshEmail();
    const holder = await strangerSignsUp(email);
    await passcodeSignIn(email, holder.token);
    expect((await kit.register(holder.token)).status).toBe(200);

    const later = await kit.signInByMagicLink(email);
    expect(userOf(later)).toMatchObject({ password: { requires_reset: false } });
    expect(userOf(later).webauthn_registrations).toHaveLength(1);
    expect((await refresh(holder.token)).status).toBe(200);
    expect((await passwordLogin(email)).status).toBe(200);
  });

  it('claims once when two proofs race (backend magic links), answering reset_sessions on the claiming one', async () => {
    for (let round = 0; round < 4; round++) {
      const email = freshEmail();
      const stranger = await strangerSignsUp(email);
      await kit.v1Ok('/v1/magic_links/email/send', { email });
      await kit.v1Ok('/v1/magic_links/email/send', { email });
      const tokens = (await kit.inbox(email)).map((m) => m.metadata.token);
      expect(tokens).toHaveLength(2);
      const answers = await Promise.all(
        tokens.map((token) =>
          kit.v1Ok('/v1/magic_links/authenticate', { token, session_duration_minutes: 60 }),
        ),
      );
      expect(answers.map((a) => a['reset_sessions']).sort()).toEqual([false, true]);
      expect(errorOf(await refresh(stranger.token))).toEqual([404, 'session_not_found']);
      // The later proof found an owned account: both owner sessions live.
      for (const answer of answers) expect((await refresh(String(answer['session_token']))).status).toBe(200);
    }
  });

  it('backend: a proof naming the holder’s session takes nothing; without it, claims and says reset_sessions', async () => {
    const heldEmail = freshEmail();
    const holder = await strangerSignsUp(heldEmail);
    await kit.v1Ok('/v1/magic_links/email/send', { email: heldEmail });
    const kept = await kit.v1Ok('/v1/magic_links/authenticate', {
      token: (await kit.latest(heldEmail)).metadata.token,
      session_jwt: holder.jwt,
    });
    expect(kept['reset_sessions']).toBe(false);
    expect((await refresh(holder.token)).status).toBe(200);

    const email = freshEmail();
    const stranger = await strangerSignsUp(email);
    const { email_id } = await kit.v1Ok('/v1/otps/email/send', { email });
    const claimed = await kit.v1Ok('/v1/otps/authenticate', {
      method_id: email_id,
      code: (await kit.latest(email)).code,
      session_duration_minutes: 60,
    });
    expect(claimed['reset_sessions']).toBe(true);
    await expectStrangerOut(email, stranger);
  });

  it('a new user proving its address answers reset_sessions false: nothing was held', async () => {
    const email = freshEmail();
    const { email_id } = await kit.v1Ok('/v1/otps/email/login_or_create', { email });
    const first = await kit.v1Ok('/v1/otps/authenticate', {
      method_id: email_id,
      code: (await kit.latest(email)).code,
    });
    expect(first['reset_sessions']).toBe(false);
  });
});

describe('a claim on two provider processes sharing one PostgreSQL database', SLOW, () => {
  /** A provider on its own connection pool, with its own caches, as a second process has. */
  const provider = (db: Db) => {
    const { app } = testApp({ db });
    const call = async (path: string, body: Json, authorization: string) => {
      const response = await app.request(path, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/json', Origin: HOST },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Json };
    };
    return {
      sdk: (path: string, body: Json, sessionToken = TEST_TOKEN) =>
        call(`/sdk/v1${path}`, body, basic(TEST_TOKEN, sessionToken)),
      backend: (path: string, body: Json) => call(path, body, basic(PROJECT_ID, PROJECT_SECRET)),
      latestCode: async (to: string) => {
        const inbox = await app.request(`/dev/inbox.json?to=${encodeURIComponent(to)}`);
        const [message] = (await inbox.json()) as { code?: string }[];
        return message?.code;
      },
    };
  };

  it("refuses the stranger's session on the process that refreshed it, after the claim on the other", async () => {
    const url = await createPostgresDatabase(inject('postgresTemplate'));
    const [dbA, dbB] = [openPostgresDb(url), openPostgresDb(url)];
    try {
      const [a, b] = [provider(dbA), provider(dbB)];
      const email = freshEmail();
      const signedUp = await a.sdk('/passwords', {
        email,
        password: STRANGERS,
        session_duration_minutes: 60,
      });
      const { session_token, session_jwt } = signedUp.body['data'] as Json;
      const stranger = String(session_token);
      // Process A answers the session twice: its caches hold the row, the user and the JWT.
      for (let i = 0; i < 2; i++)
        expect((await a.sdk('/sessions/authenticate', {}, stranger)).status).toBe(200);
      expect((await a.backend('/v1/sessions/authenticate', { session_jwt })).status).toBe(200);

      const sent = await b.sdk('/otps/email/login_or_create', { email });
      const method_id = (sent.body['data'] as Json)['method_id'];
      const token = await b.latestCode(email);
      const owner = await b.sdk('/otps/authenticate', { method_id, token, session_duration_minutes: 60 });
      expect(owner.status).toBe(200);

      const refused = await a.sdk('/sessions/authenticate', {}, stranger);
      expect([refused.status, refused.body['error_type']]).toEqual([404, 'session_not_found']);
      const byJwt = await a.backend('/v1/sessions/authenticate', { session_jwt });
      expect([byJwt.status, byJwt.body['error_type']]).toEqual([404, 'session_not_found']);
      const ownerToken = String((owner.body['data'] as Json)['session_token']);
      expect((await a.sdk('/sessions/authenticate', {}, ownerToken)).status).toBe(200);
    } finally {
      await Promise.all([dbA.close(), dbB.close()]);
    }
  });
});
