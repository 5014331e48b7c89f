import { describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../config/rateLimitsSchema';
import { authKitFor } from '../../test/authTestKit';

type Json = Record<string, unknown>;
let n = 0;
const freshEmail = (what: string) => `${what}${++n}-${Date.now()}@example.com`;
const freshPhone = () => `+1555${String(Date.now() + ++n).slice(-7)}`;

describe('backend passcodes', () => {
  const kit = authKitFor('pglite');

  const ok = (path: string, body: unknown): Promise<Json> => kit.v1Ok(path, body);
  const codeFor = async (to: string) => String((await kit.latest(to)).metadata.code);

  it('login_or_create by email creates once, then finds; authenticate starts a session only with a duration', async () => {
    const email = freshEmail('otp');
    const first = await ok('/v1/otps/email/login_or_create', { email });
    expect(first).toMatchObject({ user_created: true, email_id: expect.stringMatching(/^email-test-/) });
    const again = await ok('/v1/otps/email/login_or_create', { email: email.toUpperCase() });
    expect([again['user_created'], again['user_id'], again['email_id']]).toEqual([
      false,
      first['user_id'],
      first['email_id'],
    ]);

    const noSession = await ok('/v1/otps/authenticate', {
      method_id: first['email_id'],
      code: await codeFor(email),
    });
    expect(noSession).toMatchObject({
      user_id: first['user_id'],
      session: null,
      session_token: '',
      session_jwt: '',
    });
    expect((noSession['user'] as { emails: { verified: boolean }[] }).emails[0]?.verified).toBe(true);

    await ok('/v1/otps/email/send', { email });
    const withSession = await ok('/v1/otps/authenticate', {
      method_id: first['email_id'],
      code: await codeFor(email),
      session_duration_minutes: 60,
    });
    expect(withSession['session_token']).toMatch(/.{20,}/);
    expect((await kit.backend({ session_token: withSession['session_token'] })).status).toBe(200);
  });

  it('adds the factor to a session named by token or JWT, which must be live', async () => {
    const email = freshEmail('attach');
    const signedIn = await kit.signInByMagicLink(email);
    const sent = await ok('/v1/otps/email/send', { email });
    const byToken = await ok('/v1/otps/authenticate', {
      method_id: sent['email_id'],
      code: await codeFor(email),
      session_token: signedIn['session_token'],
    });
    const session = byToken['session'] as { session_id: string; authentication_factors: { type: string }[] };
    expect(session.session_id).toBe((signedIn['session'] as { session_id: string }).session_id);
    expect(session.authentication_factors.map((f) => f.type)).toEqual(['magic_link', 'otp']);
    expect(byToken['session_token']).toBe(signedIn['session_token']);

    await ok('/v1/otps/email/send', { email });
    const byJwt = await ok('/v1/otps/authenticate', {
      method_id: sent['email_id'],
      code: await codeFor(email),
      session_jwt: signedIn['session_jwt'],
    });
    expect((byJwt['session'] as { session_id: string }).session_id).toBe(session.session_id);
    expect(byJwt['session_token']).toBe('');

    await ok('/v1/otps/email/send', { email });
    const dead = await kit.v1('POST', '/v1/otps/authenticate', {
      method_id: sent['email_id'],
      code: await codeFor(email),
      session_token: 'no-such-session-token',
    });
    expect([dead.status, dead.body['error_type']]).toEqual([404, 'session_not_found']);

    // Another user's session is not joined: this sign-in gets a session of its own.
    const other = await kit.signInByMagicLink(freshEmail('other'));
    await ok('/v1/otps/email/send', { email });
    const separate = await ok('/v1/otps/authenticate', {
      method_id: sent['email_id'],
      code: await codeFor(email),
      session_token: other['session_token'],
    });
    expect((separate['session'] as { session_id: string; user_id: string }).user_id).toBe(
      signedIn['user_id'],
    );
    expect((separate['session'] as { session_id: string }).session_id).not.toBe(
      (other['session'] as { session_id: string }).session_id,
    );
    expect(separate['session_token']).not.toBe(other['session_token']);
  });

  it('sends by SMS and checks the code', async () => {
    const phone = freshPhone();
    const sent = await ok('/v1/otps/sms/login_or_create', { phone_number: phone });
    expect(sent).toMatchObject({
      user_created: true,
      phone_id: expect.stringMatching(/^phone-number-test-/),
    });
    const done = await ok('/v1/otps/authenticate', {
      method_id: sent['phone_id'],
      code: await codeFor(phone),
      session_duration_minutes: 30,
    });
    expect((done['session'] as { authentication_factors: unknown[] }).authentication_factors).toEqual([
      expect.objectContaining({ type: 'otp', delivery_method: 'sms' }),
    ]);
  });

  it('refuses unknown recipients for send, wrong codes and bad bodies with the error shape', async () => {
    const cases: [string, unknown, number, string][] = [
      ['/v1/otps/email/send', { email: freshEmail('nobody') }, 404, 'email_not_found'],
      ['/v1/otps/sms/send', { phone_number: freshPhone() }, 404, 'phone_number_not_found'],
      ['/v1/otps/sms/login_or_create', { phone_number: '12345' }, 400, 'invalid_phone_number'],
      ['/v1/otps/email/login_or_create', { email: 'nope' }, 400, 'invalid_email'],
      [
        '/v1/otps/authenticate',
        { method_id: 'email-test-nobody', code: '123456' },
        404,
        'otp_code_not_found',
      ],
      ['/v1/otps/authenticate', { method_id: 'email-test-nobody', code: '12' }, 400, 'invalid_code'],
      // The browser's field name is not the backend's: Stytch's backend calls it `code`.
      ['/v1/otps/authenticate', { method_id: 'email-test-nobody', token: '123456' }, 400, 'missing_field'],
      [
        '/v1/otps/authenticate',
        { method_id: 'm', code: '123456', session_duration_minutes: 1 },
        400,
        'invalid_field',
      ],
    ];
    for (const [path, body, status, type] of cases) {
      const r = await kit.v1('POST', path, body);
      expect([r.status, r.body['error_type']], `${path} ${JSON.stringify(body)}`).toEqual([status, type]);
      expect(r.body).toMatchObject({
        status_code: status,
        error_url: `https://latch.dev/docs/errors#${type}`,
      });
    }
    const noSecret = await kit.app.request('/v1/otps/email/login_or_create', {
      method: 'POST',
      body: JSON.stringify({ email: freshEmail('x') }),
    });
    expect([noSecret.status, ((await noSecret.json()) as Json)['error_type']]).toEqual([
      401,
      'unauthorized_credentials',
    ]);
  });
});

describe('backend passcode sends under the rate limits', () => {
  const kit = authKitFor('pglite', {
    rate_limits: {
      ...defaultRateLimits(),
      sends_per_destination: { limit: 3, per_seconds: 600 },
      // Tight, so a backend that spent it (every send from one server address) would be refused below.
      sends_per_ip: { limit: 2, per_seconds: 600 },
    },
  });

  it("spends the browser's per-destination budget, not the per-address one; over it, answers as sent", async () => {
    const email = freshEmail('limited');
    const server = { ip: '198.51.100.9' };
    // One send from the browser, two from the backend (from one server address): the budget of 3 is spent.
    expect((await kit.post('/otps/email/login_or_create', { email })).status).toBe(200);
    const sent = [];
    for (let i = 0; i < 2; i++) {
      const answer = await kit.v1('POST', '/v1/otps/email/send', { email }, server);
      expect(answer.status).toBe(200);
      sent.push(answer.body);
    }
    // Over it: a send's answer, no new message, and the newest code still signs in.
    const kept = await kit.v1('POST', '/v1/otps/email/send', { email }, server);
    expect([kept.status, kept.headers.get('Retry-After')]).toEqual([200, null]);
    const ids = ({ user_id, email_id }: Json) => ({ user_id, email_id });
    expect(ids(kept.body)).toEqual(ids(sent[0] ?? {}));
    expect(await kit.inbox(email)).toHaveLength(3);
    const code = String((await kit.latest(email)).metadata.code);
    expect(
      (await kit.v1('POST', '/v1/otps/authenticate', { method_id: kept.body['email_id'], code })).status,
    ).toBe(200);
    // The server's address was not what ran out: another recipient still gets one from it.
    expect(
      (
        await kit.v1(
          'POST',
          '/v1/otps/email/login_or_create',
          { email: freshEmail('other') },
          { ip: '198.51.100.9' },
        )
      ).status,
    ).toBe(200);
  });
});
