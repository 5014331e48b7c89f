import bcrypt from 'bcryptjs';
import { argon2id } from 'hash-wasm';
import { StytchError } from 'stytch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ID, REDIRECT } from './authTestKit';
import { testConfig, TEST_TOKEN } from './testConfig';
import { openStytchKit, type StytchKit } from './stytchTestKit';

let n = 0;
const uniqueEmail = (what: string) => `${what}${++n}-${Date.now()}@example.com`;

/** The StytchError a call rejects with (fails the test when it resolves). */
async function stytchError(call: Promise<unknown>): Promise<StytchError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof StytchError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

/**
 * Stytch's own Node SDK (`stytch` 14), configured only with the project id, the secret and our
 * base URL, against the provider on a real HTTPS port: what a backend written for Stytch does.
 */
describe("Stytch's Node SDK against the provider", () => {
  let kit: StytchKit;
  beforeAll(async () => {
    const [test, live] = testConfig().projects;
    if (!test || !live) throw new Error('testConfig changed');
    kit = await openStytchKit('pglite', {
      projects: [{ ...test, oauth_providers: [{ type: 'google', dev_idp: true, one_tap: false }] }, live],
    });
  }, 60_000);
  afterAll(() => kit?.close());

  it('authenticates, extends and revokes a session the widget created', async () => {
    const signedIn = await kit.widgetSignIn(uniqueEmail('session'));
    const session_token = String(signedIn['session_token']);
    const session_jwt = String(signedIn['session_jwt']);
    const sessionId = (signedIn['session'] as { session_id: string }).session_id;

    const checked = await kit.client.sessions.authenticate({ session_token });
    expect(checked.status_code).toBe(200);
    expect(checked.request_id).toMatch(/^request-id-/);
    expect(checked.user.user_id).toBe(signedIn['user_id']);
    expect(checked.session.session_id).toBe(sessionId);
    expect(checked.session.authentication_factors).toEqual([
      expect.objectContaining({ type: 'otp', delivery_method: 'email' }),
    ]);

    // Extended to 24 hours from now.
    const before = Date.now();
    const extended = await kit.client.sessions.authenticate({
      session_token,
      session_duration_minutes: 1440,
    });
    const expiresAt = Date.parse(String(extended.session.expires_at));
    expect(expiresAt).toBeGreaterThanOrEqual(before + 1440 * 60_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 1440 * 60_000 + 1000);

    // The JWT verifies locally against our JWKS (issuer = our base URL, audience = the project).
    const local = await kit.client.sessions.authenticateJwtLocal({ session_jwt });
    expect([local.session_id, local.user_id]).toEqual([sessionId, signedIn['user_id']]);
    const byJwt = await kit.client.sessions.authenticate({ session_jwt });
    expect(byJwt.session.session_id).toBe(sessionId);

    const listed = await kit.client.sessions.get({ user_id: String(signedIn['user_id']) });
    expect(listed.sessions.map((s) => s.session_id)).toEqual([sessionId]);

    const revoked = await kit.client.sessions.revoke({ session_id: sessionId });
    expect(revoked.status_code).toBe(200);
    const gone = await stytchError(kit.client.sessions.authenticate({ session_token }));
    expect([gone.status_code, gone.error_type]).toEqual([404, 'session_not_found']);
    expect(gone.error_url).toBe('https://latch.dev/docs/errors#session_not_found');
    expect((await kit.client.sessions.get({ user_id: String(signedIn['user_id']) })).sessions).toEqual([]);
  });

  it('revokes by session token and by session JWT', async () => {
    const byToken = await kit.widgetSignIn(uniqueEmail('revoke-token'));
    await kit.client.sessions.revoke({ session_token: String(byToken['session_token']) });
    const refused = await stytchError(
      kit.client.sessions.authenticate({ session_jwt: String(byToken['session_jwt']) }),
    );
    expect(refused.error_type).toBe('session_not_found');

    const byJwt = await kit.widgetSignIn(uniqueEmail('revoke-jwt'));
    await kit.client.sessions.revoke({ session_jwt: String(byJwt['session_jwt']) });
    const again = await stytchError(
      kit.client.sessions.revoke({ session_token: String(byJwt['session_token']) }),
    );
    expect([again.status_code, again.error_type]).toEqual([404, 'session_not_found']);
  });

  it("reads, updates, searches and deletes the widget's user", async () => {
    const email = uniqueEmail('user');
    const signedIn = await kit.widgetSignIn(email);
    const user_id = String(signedIn['user_id']);

    const read = await kit.client.users.get({ user_id });
    expect(read.status_code).toBe(200);
    expect(read.emails).toEqual([expect.objectContaining({ email, verified: true })]);
    expect(read.status).toBe('active');

    const updated = await kit.client.users.update({
      user_id,
      name: { first_name: 'Ada', last_name: 'Lovelace' },
      trusted_metadata: { plan: 'pro' },
      untrusted_metadata: { theme: 'dark' },
    });
    expect(updated.user.name).toEqual({ first_name: 'Ada', middle_name: '', last_name: 'Lovelace' });
    expect(updated.user.trusted_metadata).toEqual({ plan: 'pro' });
    // The session the widget holds sees the change.
    const refreshed = await kit.client.sessions.authenticate({
      session_token: String(signedIn['session_token']),
    });
    expect(refreshed.user.untrusted_metadata).toEqual({ theme: 'dark' });

    const found = await kit.client.users.search({
      limit: 10,
      query: { operator: 'AND', operands: [{ filter_name: 'email_address', filter_value: [email] }] },
    });
    expect(found.results.map((u) => u.user_id)).toEqual([user_id]);
    expect(found.results_metadata.total).toBe(1);

    const created = await kit.client.users.create({
      email: uniqueEmail('created'),
      create_user_as_pending: true,
    });
    expect(created.status).toBe('pending');
    const emailId = created.user.emails[0]?.email_id ?? '';
    const withoutEmail = await kit.client.users.deleteEmail({ email_id: emailId });
    expect(withoutEmail.user.emails).toEqual([]);
    await kit.client.users.delete({ user_id: created.user_id });
    const missing = await stytchError(kit.client.users.get({ user_id: created.user_id }));
    expect([missing.status_code, missing.error_type]).toEqual([404, 'user_not_found']);
  });

  it('finishes on the server a magic-link sign-in the widget started', async () => {
    const email = uniqueEmail('magic');
    // The widget asks for the link; the visitor follows it to the app's redirect URL with ?token=.
    await kit.widget('/magic_links/email/login_or_create', { email });
    const link = new URL(String((await kit.latest(email)).metadata.url));
    expect(link.searchParams.get('stytch_token_type')).toBe('magic_links');
    const token = link.searchParams.get('token') ?? '';

    // The app's server receives the redirect and redeems the token with the SDK.
    const signedIn = await kit.client.magicLinks.authenticate({ token, session_duration_minutes: 60 });
    expect(signedIn.status_code).toBe(200);
    expect(signedIn.user.emails).toEqual([expect.objectContaining({ email, verified: true })]);
    expect(signedIn.method_id).toBe(signedIn.user.emails[0]?.email_id);
    expect(signedIn.session?.authentication_factors).toEqual([
      expect.objectContaining({ type: 'magic_link', delivery_method: 'email' }),
    ]);
    // The session it started is a real one: the SDK checks it locally and remotely.
    const local = await kit.client.sessions.authenticateJwtLocal({ session_jwt: signedIn.session_jwt });
    expect(local.session_id).toBe(signedIn.session?.session_id);
    expect(
      (await kit.client.sessions.authenticate({ session_token: signedIn.session_token })).user.user_id,
    ).toBe(signedIn.user_id);

    const reused = await stytchError(
      kit.client.magicLinks.authenticate({ token, session_duration_minutes: 60 }),
    );
    expect([reused.status_code, reused.error_type]).toEqual([401, 'unable_to_auth_magic_link']);
  });

  it('sends a magic link and a passcode from the server and authenticates them', async () => {
    const email = uniqueEmail('server');
    const sent = await kit.client.magicLinks.email.loginOrCreate({ email });
    expect(sent.user_created).toBe(true);
    const token = String((await kit.latest(email)).metadata.token);
    // No duration and no session named: the link proves the email and starts no session.
    const proven = await kit.client.magicLinks.authenticate({ token });
    expect([proven.user_id, proven.session_token, proven.session_jwt]).toEqual([sent.user_id, '', '']);

    const code = await kit.client.otps.email.loginOrCreate({ email });
    expect([code.user_created, code.email_id]).toEqual([false, sent.email_id]);
    const passcode = String((await kit.latest(email)).metadata.code);
    const signedIn = await kit.client.otps.authenticate({
      method_id: code.email_id,
      code: passcode,
      session_duration_minutes: 30,
    });
    expect(signedIn.session?.authentication_factors).toEqual([
      expect.objectContaining({ type: 'otp', delivery_method: 'email' }),
    ]);

    // A second factor added to that session: the magic link sent with `send`, named by session token.
    await kit.client.magicLinks.email.send({ email });
    const second = await kit.client.magicLinks.authenticate({
      token: String((await kit.latest(email)).metadata.token),
      session_token: signedIn.session_token,
    });
    expect(second.session?.session_id).toBe(signedIn.session?.session_id);
    expect(second.session?.authentication_factors.map((f) => f.type)).toEqual(['otp', 'magic_link']);
  });

  it('authenticates and changes passwords', async () => {
    const email = uniqueEmail('password');
    const first = 'correct-Horse-battery-7';
    const created = await kit.widget('/passwords', { email, password: first, session_duration_minutes: 60 });
    const strength = await kit.client.passwords.strengthCheck({ password: 'password' });
    expect([strength.valid_password, strength.breached_password]).toEqual([false, true]);

    const signedIn = await kit.client.passwords.authenticate({
      email,
      password: first,
      session_duration_minutes: 60,
    });
    expect(signedIn.user_id).toBe(created['user_id']);
    const wrong = await stytchError(
      kit.client.passwords.authenticate({ email, password: 'nope-Nope-nope-1' }),
    );
    expect([wrong.status_code, wrong.error_type]).toEqual([401, 'unauthorized_credentials']);

    const second = 'another-Quiet-river-8';
    await kit.client.passwords.existingPassword.reset({
      email,
      existing_password: first,
      new_password: second,
    });
    const old = await stytchError(kit.client.passwords.authenticate({ email, password: first }));
    expect(old.error_type).toBe('unauthorized_credentials');
    // The project ends sessions on a password change: the widget's session is gone.
    const ended = await stytchError(
      kit.client.sessions.authenticate({ session_token: String(created['session_token']) }),
    );
    expect(ended.error_type).toBe('session_not_found');

    const session = await kit.client.passwords.authenticate({
      email,
      password: second,
      session_duration_minutes: 60,
    });
    const third = 'third-Golden-meadow-9';
    const reset = await kit.client.passwords.sessions.reset({
      password: third,
      session_token: session.session_token,
    });
    expect(reset.session?.session_id).toBe(session.session?.session_id);
    expect((await kit.client.passwords.authenticate({ email, password: third })).user_id).toBe(
      created['user_id'],
    );
  });

  it('migrates bcrypt and argon2id hashes; the users sign in with their old passwords', async () => {
    const bcryptEmail = uniqueEmail('migrate-bcrypt');
    const bcryptPassword = 'legacy-Bcrypt-secret-1';
    const fromBcrypt = await kit.client.passwords.migrate({
      email: bcryptEmail,
      hash: bcrypt.hashSync(bcryptPassword, 4),
      hash_type: 'bcrypt',
      external_id: 'legacy-user-1',
      set_email_verified: true,
      trusted_metadata: { migrated_from: 'legacy' },
    });
    expect(fromBcrypt).toMatchObject({ status_code: 200, user_created: true });
    expect(fromBcrypt.user.external_id).toBe('legacy-user-1');
    expect(fromBcrypt.user.emails).toEqual([expect.objectContaining({ email: bcryptEmail, verified: true })]);

    const argonEmail = uniqueEmail('migrate-argon2id');
    const argonPassword = 'legacy-Argon-secret-2';
    const hash = await argon2id({
      password: argonPassword,
      salt: 'sixteen-byte-slt',
      iterations: 2,
      memorySize: 4096,
      parallelism: 1,
      hashLength: 32,
      outputType: 'encoded',
    });
    const fromArgon = await kit.client.passwords.migrate({ email: argonEmail, hash, hash_type: 'argon_2id' });
    expect(fromArgon.user_created).toBe(true);

    for (const [email, password, user] of [
      [bcryptEmail, bcryptPassword, fromBcrypt],
      [argonEmail, argonPassword, fromArgon],
    ] as const) {
      const wrong = await stytchError(kit.client.passwords.authenticate({ email, password: `${password}x` }));
      expect(wrong.error_type).toBe('unauthorized_credentials');
      const signedIn = await kit.client.passwords.authenticate({
        email,
        password,
        session_duration_minutes: 60,
      });
      expect(signedIn.user_id).toBe(user.user_id);
    }
    const bad = await stytchError(
      kit.client.passwords.migrate({ email: argonEmail, hash: 'x', hash_type: 'bcrypt' }),
    );
    expect([bad.status_code, bad.error_type]).toEqual([400, 'invalid_field']);
  });

  it('creates password users, resets by email and deletes a password from the server', async () => {
    const email = uniqueEmail('create');
    const password = 'server-Made-password-3';
    const created = await kit.client.passwords.create({
      email,
      password,
      session_duration_minutes: 60,
      session_custom_claims: { tenant: 'acme' },
      name: { first_name: 'Ada' },
    });
    expect(created.user.name?.first_name).toBe('Ada');
    expect(created.email_id).toMatch(/^email-test-/);
    expect(created.session?.custom_claims).toEqual({ tenant: 'acme' });

    const started = await kit.client.passwords.email.resetStart({ email });
    expect(started.status_code).toBe(200);
    const { metadata } = await kit.latest(email);
    const next = 'server-Reset-password-4';
    const reset = await kit.client.passwords.email.reset({
      token: metadata.token ?? '',
      password: next,
      session_duration_minutes: 60,
    });
    expect(reset.user_id).toBe(created.user_id);
    expect((await kit.client.passwords.authenticate({ email, password: next })).user_id).toBe(
      created.user_id,
    );

    const passwordId = reset.user.password?.password_id ?? '';
    const deleted = await kit.client.users.deletePassword({ password_id: passwordId });
    expect(deleted.user.password).toBeFalsy();
    const none = await stytchError(kit.client.passwords.authenticate({ email, password: next }));
    expect(none.error_type).toBe('no_user_password');
  });

  it('creates, updates and searches users by external_id', async () => {
    const created = await kit.client.users.create({
      email: uniqueEmail('external'),
      external_id: 'app-user-7',
    });
    expect(created.user.external_id).toBe('app-user-7');
    const updated = await kit.client.users.update({ user_id: created.user_id, external_id: 'app-user-8' });
    expect(updated.user.external_id).toBe('app-user-8');
    const found = await kit.client.users.search({
      query: { operator: 'AND', operands: [{ filter_name: 'external_id', filter_value: ['app-user-8'] }] },
    });
    expect(found.results.map((u) => u.user_id)).toEqual([created.user_id]);
    // Wherever a user_id goes, the external_id names the user too.
    expect((await kit.client.users.get({ user_id: 'app-user-8' })).user_id).toBe(created.user_id);
    const renamed = await kit.client.users.update({ user_id: 'app-user-8', name: { first_name: 'Eve' } });
    expect(renamed.user.name?.first_name).toBe('Eve');
    const email = uniqueEmail('external-taken');
    const taken = await stytchError(kit.client.users.create({ email, external_id: 'app-user-8' }));
    expect([taken.status_code, taken.error_type]).toEqual([400, 'duplicate_external_id']);
    // Refused whole: the email is still free.
    await kit.client.users.create({ email });
  });

  it('sets and merges session custom claims; the JWT carries them', async () => {
    const signedIn = await kit.widgetSignIn(uniqueEmail('claims'));
    const session_token = String(signedIn['session_token']);
    const first = await kit.client.sessions.authenticate({
      session_token,
      session_custom_claims: { tenant: 'acme', plan: { tier: 'pro' } },
    });
    expect(first.session.custom_claims).toEqual({ tenant: 'acme', plan: { tier: 'pro' } });
    const merged = await kit.client.sessions.authenticate({
      session_token,
      session_custom_claims: { plan: { seats: 5 }, tenant: null },
    });
    expect(merged.session.custom_claims).toEqual({ plan: { tier: 'pro', seats: 5 } });
    const local = await kit.client.sessions.authenticateJwt({ session_jwt: merged.session_jwt });
    expect(local.session.custom_claims).toEqual({ plan: { tier: 'pro', seats: 5 } });
    const reserved = await stytchError(
      kit.client.sessions.authenticate({ session_token, session_custom_claims: { sub: 'me' } }),
    );
    expect([reserved.status_code, reserved.error_type]).toEqual([400, 'invalid_field']);
  });

  it("reads the user's external_id from the JWT as a custom claim, locally and remotely alike", async () => {
    const email = uniqueEmail('external-jwt');
    await kit.client.users.create({ email, external_id: 'app-user-jwt' });
    const signedIn = await kit.widgetSignIn(email);
    const session_jwt = String(signedIn['session_jwt']);

    const local = await kit.client.sessions.authenticateJwtLocal({ session_jwt });
    expect(local.custom_claims).toEqual({ external_id: 'app-user-jwt' });
    const viaJwt = await kit.client.sessions.authenticateJwt({ session_jwt });
    expect(viaJwt.session.custom_claims).toEqual({ external_id: 'app-user-jwt' });
    // Forced remote (max_token_age_seconds: 0): the same claims, with custom ones beside it.
    const remote = await kit.client.sessions.authenticateJwt({
      session_jwt,
      max_token_age_seconds: 0,
      session_custom_claims: { tenant: 'acme' },
    });
    expect(remote.session.custom_claims).toEqual({ tenant: 'acme', external_id: 'app-user-jwt' });
    const fresh = await kit.client.sessions.authenticateJwtLocal({ session_jwt: remote.session_jwt });
    expect(fresh.custom_claims).toEqual({ tenant: 'acme', external_id: 'app-user-jwt' });

    const spoofed = await stytchError(
      kit.client.sessions.authenticate({ session_jwt, session_custom_claims: { external_id: 'admin' } }),
    );
    expect([spoofed.status_code, spoofed.error_type]).toEqual([400, 'invalid_field']);
  });

  it('finishes an OAuth sign-in on the server', async () => {
    // The visitor starts at the provider, signs in at the (dev) identity provider, lands on the app.
    const query = new URLSearchParams({ public_token: TEST_TOKEN, login_redirect_url: REDIRECT });
    const started = await kit.navigate(`/v1/public/oauth/google/start?${query.toString()}`);
    const authorize = new URL(started.headers.get('location') ?? '');
    const email = uniqueEmail('oauth');
    const submitted = await kit.navigate(authorize.pathname + authorize.search, {
      method: 'POST',
      form: { state: authorize.searchParams.get('state') ?? '', email },
    });
    const landing = new URL(submitted.headers.get('location') ?? '');
    expect(landing.searchParams.get('stytch_token_type')).toBe('oauth');

    const signedIn = await kit.client.oauth.authenticate({
      token: landing.searchParams.get('token') ?? '',
      session_duration_minutes: 60,
    });
    expect([signedIn.provider_type, signedIn.user.emails[0]?.email]).toEqual(['google', email]);
    expect(signedIn.oauth_user_registration_id).toBe(signedIn.user.providers[0]?.oauth_user_registration_id);
    expect(signedIn.user_session?.authentication_factors).toEqual([
      expect.objectContaining({ type: 'oauth', delivery_method: 'oauth_google' }),
    ]);
    await kit.client.users.deleteOAuthRegistration({
      oauth_user_registration_id: signedIn.oauth_user_registration_id,
    });
    expect((await kit.client.users.get({ user_id: signedIn.user_id })).providers).toEqual([]);
  });

  it('reads the JWKS the SDK verifies with', async () => {
    const { keys } = await kit.client.sessions.getJWKS({ project_id: PROJECT_ID });
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
  });
});
