import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_KINDS } from '../../test/testDatabases';
import { authKitFor, openAuthKit, type AuthKit } from '../../test/authTestKit';

let n = 0;
const freshEmail = () => `otp${++n}-${Date.now()}@example.com`;
const freshPhone = () => `+1555${String(Date.now() % 1_000_000).padStart(6, '0')}${++n % 10}`;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(DB_KINDS)('one-time passcodes on %s', (kind) => {
  const kit = authKitFor(kind);

  it('sends an email code and signs in with it', async () => {
    const email = freshEmail();
    const { method_id } = await kit.ok('/otps/email/login_or_create', { email, expiration_minutes: 5 });
    expect(method_id).toMatch(/^email-test-[0-9a-f-]{36}$/);
    const message = await kit.latest(email);
    expect(message.code).toMatch(/^[0-9]{6}$/);
    expect(message.subject).toContain(message.code);
    expect(message.text).toContain(message.code);
    const data = await kit.ok('/otps/authenticate', {
      token: message.code,
      method_id,
      session_duration_minutes: 30,
    });
    expect(data['method_id']).toBe(method_id);
    expect((data['user'] as { emails: unknown[] }).emails).toEqual([
      { email_id: method_id, email, verified: true },
    ]);
    expect((data['session'] as { authentication_factors: unknown[] }).authentication_factors).toEqual([
      expect.objectContaining({
        type: 'otp',
        delivery_method: 'email',
        email_factor: { email_id: method_id, email_address: email },
      }),
    ]);
    await kit.verifyJwt(String(data['session_jwt']));
    const reused = await kit.post('/otps/authenticate', {
      token: message.code,
      method_id,
      session_duration_minutes: 30,
    });
    expect(reused.status).toBe(404);
    expect(reused.body).toMatchObject({ error_type: 'otp_code_not_found' });
  });

  it.each(['sms', 'whatsapp'] as const)(
    'sends a %s code to an E.164 number and signs in with it',
    async (channel) => {
      const phone = freshPhone();
      const { method_id } = await kit.ok(`/otps/${channel}/login_or_create`, {
        phone_number: phone,
        expiration_minutes: 2,
      });
      expect(method_id).toMatch(/^phone-number-test-/);
      const message = await kit.latest(phone);
      expect(message).toMatchObject({ channel, to: phone, subject: '' });
      expect(message.text).toContain(message.code);
      const data = await kit.ok('/otps/authenticate', {
        token: message.code,
        method_id,
        session_duration_minutes: 30,
      });
      const user = data['user'] as { phone_numbers: unknown[] };
      expect(user.phone_numbers).toEqual([{ phone_id: method_id, phone_number: phone, verified: true }]);
      expect((data['session'] as { authentication_factors: unknown[] }).authentication_factors).toEqual([
        expect.objectContaining({
          type: 'otp',
          delivery_method: channel,
          phone_number_factor: { phone_id: method_id, phone_number: phone },
        }),
      ]);
    },
  );

  it('reads ?to=+E.164 with a raw plus in the inbox query', async () => {
    const phone = freshPhone();
    await kit.ok('/otps/sms/login_or_create', { phone_number: phone, expiration_minutes: 5 });
    const response = await kit.app.request(`/dev/inbox.json?to=${phone}`);
    expect(((await response.json()) as { to: string }[]).map((m) => m.to)).toEqual([phone]);
  });

  it('replaces the previous code when a new one is sent', async () => {
    const email = freshEmail();
    const { method_id } = await kit.ok('/otps/email/login_or_create', { email, expiration_minutes: 5 });
    const first = (await kit.latest(email)).code ?? '';
    await kit.ok('/otps/email/login_or_create', { email, expiration_minutes: 5 });
    const second = (await kit.latest(email)).code ?? '';
    if (first !== second) {
      const old = await kit.post('/otps/authenticate', {
        token: first,
        method_id,
        session_duration_minutes: 30,
      });
      expect(old.body).toMatchObject({ error_type: 'otp_code_not_found' });
    }
    await kit.ok('/otps/authenticate', { token: second, method_id, session_duration_minutes: 30 });
  });

  it('refuses an expired code', async () => {
    const email = freshEmail();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const { method_id } = await kit.ok('/otps/email/login_or_create', { email, expiration_minutes: 1 });
    const { code } = await kit.latest(email);
    vi.setSystemTime(start + 61_000);
    const late = await kit.post('/otps/authenticate', {
      token: code,
      method_id,
      session_duration_minutes: 30,
    });
    expect(late.status).toBe(404);
    expect(late.body).toMatchObject({ error_type: 'otp_code_not_found' });
  });

  it('burns a code after 5 wrong guesses; the owner signs in at once with a fresh code', async () => {
    const email = freshEmail();
    const { method_id } = await kit.ok('/otps/email/login_or_create', { email, expiration_minutes: 10 });
    const code = (await kit.latest(email)).code ?? '';
    const attempt = (token: string) =>
      kit.post('/otps/authenticate', { token, method_id, session_duration_minutes: 30 });
    // A stranger who knows the address guesses five times...
    for (let i = 0; i < 5; i++) {
      const r = await attempt(wrongCode(code));
      expect([r.status, r.body['error_type']]).toEqual([404, 'otp_code_not_found']);
    }
    // ...which burns that code, even for its owner,
    expect((await attempt(code)).body['error_type']).toBe('otp_code_not_found');
    // but locks nothing: a fresh code works right away.
    await kit.ok('/otps/email/login_or_create', { email, expiration_minutes: 10 });
    const fresh = (await kit.latest(email)).code ?? '';
    expect((await attempt(fresh)).status).toBe(200);
  });

  it('lets a fresh code survive the guesses against the old one', async () => {
    const email = freshEmail();
    const { method_id } = await kit.ok('/otps/email/login_or_create', { email, expiration_minutes: 10 });
    const old = (await kit.latest(email)).code ?? '';
    const attempt = (token: string) =>
      kit.post('/otps/authenticate', { token, method_id, session_duration_minutes: 30 });
    for (let i = 0; i < 3; i++) expect((await attempt(wrongCode(old))).status).toBe(404);
    await kit.ok('/otps/email/login_or_create', { email, expiration_minutes: 10 });
    const fresh = (await kit.latest(email)).code ?? '';
    // The new code starts with all five guesses.
    for (let i = 0; i < 4; i++) expect((await attempt(wrongCode(fresh))).status).toBe(404);
    expect((await attempt(fresh)).status).toBe(200);
  });

  it('gives exactly one success for ten parallel submissions of the right code, and no lock', async () => {
    const email = freshEmail();
    const { method_id } = await kit.ok('/otps/email/login_or_create', { email, expiration_minutes: 10 });
    const code = (await kit.latest(email)).code ?? '';
    const attempt = (token: string) =>
      kit.post('/otps/authenticate', { token, method_id, session_duration_minutes: 30 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => attempt(code)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(404)]);
    await kit.ok('/otps/email/login_or_create', { email, expiration_minutes: 10 });
    const next = (await kit.latest(email)).code ?? '';
    expect((await attempt(next)).status).toBe(200);
  });

  it('forgets failures after a success', async () => {
    const email = freshEmail();
    const { method_id } = await kit.ok('/otps/email/login_or_create', { email, expiration_minutes: 10 });
    const code = (await kit.latest(email)).code ?? '';
    const attempt = (token: string) =>
      kit.post('/otps/authenticate', { token, method_id, session_duration_minutes: 30 });
    for (let i = 0; i < 4; i++) expect((await attempt(wrongCode(code))).status).toBe(404);
    expect((await attempt(code)).status).toBe(200);
    await kit.ok('/otps/email/login_or_create', { email, expiration_minutes: 10 });
    const next = (await kit.latest(email)).code ?? '';
    for (let i = 0; i < 4; i++) expect((await attempt(wrongCode(next))).status).toBe(404);
    expect((await attempt(next)).status).toBe(200);
  });
});

describe('passcode request validation', () => {
  let kit: AuthKit;
  beforeAll(async () => {
    kit = await openAuthKit('pglite');
  }, 60_000);
  afterAll(() => kit?.close());

  it.each([
    ['/otps/email/login_or_create', { email: 'nope' }, 400, 'invalid_email'],
    ['/otps/email/login_or_create', { email: 'a@example.com', expiration_minutes: 11 }, 400, 'invalid_field'],
    ['/otps/email/login_or_create', { email: 'a@example.com', expiration_minutes: 0 }, 400, 'invalid_field'],
    ['/otps/sms/login_or_create', { phone_number: '5555550100' }, 400, 'invalid_phone_number'],
    ['/otps/sms/login_or_create', { phone_number: '+0555550100' }, 400, 'invalid_phone_number'],
    ['/otps/sms/login_or_create', { phone_number: '+1555' }, 400, 'invalid_phone_number'],
    ['/otps/whatsapp/login_or_create', { phone_number: '+1 555 555 0100' }, 400, 'invalid_phone_number'],
    ['/otps/whatsapp/login_or_create', { phone_number: '+1234567890123456' }, 400, 'invalid_phone_number'],
    ['/otps/sms/login_or_create', {}, 400, 'missing_field'],
    [
      '/otps/authenticate',
      { token: '12345', method_id: 'x', session_duration_minutes: 30 },
      400,
      'invalid_code',
    ],
    ['/otps/authenticate', { token: '123456', method_id: 'email-test-nobody' }, 404, 'otp_code_not_found'],
    ['/otps/authenticate', { token: '123456' }, 400, 'missing_field'],
    ['/otps/authenticate', { token: 123456, method_id: 'x' }, 400, 'invalid_field'],
    ['/otps/authenticate', 'null', 400, 'bad_request'],
  ])('%s %j → %i %s', async (path, body, status, error_type) => {
    const r = await kit.post(path, body);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ error_type, status_code: status });
  });

  it('defaults expiration_minutes to 5', async () => {
    const email = 'default-expiry@example.com';
    await kit.ok('/otps/email/login_or_create', { email });
    const [row] = await kit.db.query<{ minutes: number }>(
      "SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM one_time_tokens WHERE kind = 'otp'",
    );
    expect(row?.minutes).toBe(5);
  });
});
