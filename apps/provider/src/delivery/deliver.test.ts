import { afterEach, describe, expect, it } from 'vitest';
import type { LatchConfig } from '../config/configSchema';
import { openAuthKit, type AuthKit } from '../../test/authTestKit';
import { freePort } from '../../test/freePort';
import { startSmtpStandIn, type SmtpBehaviour, type SmtpStandIn } from '../../test/standIns/smtpStandIn';
import { testConfig, testProject } from '../../test/testConfig';
import { deliveryGateways } from './deliveryGateways';
import type { DeliveryTiming } from './deliveryWorker';
import type { OutboxMessage } from './outbox';

type SmtpSettings = NonNullable<LatchConfig['projects'][number]['smtp']>;

const withSmtp = (port: number, settings: Partial<SmtpSettings> = {}): LatchConfig => ({
  ...testConfig(),
  projects: [
    testProject({
      smtp: { host: '127.0.0.1', port, secure: false, from: 'Latch <no-reply@latch.test>', ...settings },
    }),
    ...testConfig().projects.slice(1),
  ],
});

/** Retries within milliseconds, so a test of a failing server stays fast. */
const FAST: Partial<DeliveryTiming> = { firstRetryMs: 20, maxRetryMs: 80, sendTimeoutMs: 2_000 };

/** How long a test waits for the worker, polling. */
const POLL = { timeout: 20_000, interval: 25 };

/** Each test opens its own database: seconds on a loaded machine. */
const OWN_DATABASE = { timeout: 30_000 };

let smtp: SmtpStandIn | undefined;
let kit: AuthKit | undefined;
afterEach(async () => {
  // Together: a server holding a message answers it once it closes, which lets the worker stop.
  await Promise.all([kit?.close(), smtp?.close()]);
  kit = undefined;
  smtp = undefined;
});

async function open(behave?: (attempt: number) => SmtpBehaviour, timing = FAST, maxConnections?: number) {
  const server = await startSmtpStandIn(behave);
  smtp = server;
  const opened = await openAuthKit(
    'pglite',
    withSmtp(server.port, maxConnections ? { max_connections: maxConnections } : {}),
    { timing },
  );
  kit = opened;
  return { smtp: server, kit: opened };
}

const rows = (k: AuthKit) =>
  k.db.query<OutboxMessage & Record<string, unknown>>(
    'SELECT state, attempts, error, sent_at, next_attempt_at, channel FROM outbox ORDER BY seq',
  );

describe('email delivery through the outbox', OWN_DATABASE, () => {
  it('sends the magic link email with an HTML and a text part, and records it as sent', async () => {
    const { smtp, kit } = await open();
    await kit.ok('/magic_links/email/login_or_create', { email: 'smtp@example.com' });
    await expect.poll(() => smtp.mails.length, POLL).toBe(1);
    const [mail] = smtp.mails;
    expect(mail?.from).toBe('no-reply@latch.test');
    expect(mail?.to).toEqual(['smtp@example.com']);
    expect(mail?.data).toContain('Subject: Your sign-up link for Test Project');
    const [queued] = await kit.db.query<{ message_id: string }>('SELECT message_id FROM outbox');
    expect(mail?.data).toContain(`Message-ID: <${queued?.message_id}@latch.test>`);
    expect(mail?.data).toMatch(/Content-Type: text\/plain/);
    expect(mail?.data).toMatch(/Content-Type: text\/html/);
    const { metadata } = await kit.latest('smtp@example.com');
    expect(mail?.data).toContain(String(metadata.token).slice(0, 20));
    await expect.poll(async () => (await rows(kit))[0]?.state, POLL).toBe('sent');
    const [row] = await rows(kit);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, error: null });
    expect(row?.sent_at).toBeInstanceOf(Date);
    const [entry] = (await (await kit.app.request('/dev/inbox.json')).json()) as Record<string, unknown>[];
    expect(entry).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('holds SMS codes in the outbox (no SMS gateway), never sends them by email', async () => {
    const { smtp, kit } = await open();
    await kit.ok('/otps/sms/login_or_create', { phone_number: '+15555550123', expiration_minutes: 5 });
    expect(await rows(kit)).toMatchObject([{ channel: 'sms', state: 'held', attempts: 0 }]);
    expect(smtp.attempts()).toBe(0);
    const page = await (await kit.app.request('/dev/inbox')).text();
    expect(page).toContain('<strong>held</strong>');
  });

  it('answers the API call while the SMTP server hangs on the message', async () => {
    const { smtp, kit } = await open(() => 'hang', { ...FAST, sendTimeoutMs: 60_000 });
    await kit.ok('/otps/email/login_or_create', { email: 'first@example.com', expiration_minutes: 5 });
    await expect.poll(() => smtp.hangingCount(), POLL).toBe(1);
    // The worker is now waiting on the server: a visitor's send call must not.
    const sent = await kit.post('/otps/email/login_or_create', {
      email: 'second@example.com',
      expiration_minutes: 5,
    });
    expect(sent.status).toBe(200);
    expect(smtp.mails).toHaveLength(0);
    expect((await rows(kit))[0]?.state).toBe('sending');
    expect((await kit.latest('second@example.com')).code).toMatch(/^[0-9]{6}$/);
  });

  it('retries a server that fails for 400 ms from its first attempt, and the message arrives once after it recovers', async () => {
    // Down from the first message it sees: however slow the machine, the first attempts fail.
    const down = { since: 0, forMs: 400 };
    const { smtp, kit } = await open(() => {
      down.since ||= Date.now();
      return Date.now() - down.since < down.forMs ? { code: 451, message: 'Try again later' } : 'accept';
    });
    await kit.ok('/otps/email/login_or_create', { email: 'retry@example.com', expiration_minutes: 5 });
    await expect.poll(async () => (await rows(kit))[0]?.state, POLL).toBe('sent');
    const [row] = await rows(kit);
    expect(smtp.mails).toHaveLength(1);
    expect(row).toMatchObject({ state: 'sent', error: null });
    expect(row?.attempts).toBe(smtp.attempts());
    expect(row?.attempts).toBeGreaterThanOrEqual(2);
    expect(row?.sent_at?.getTime()).toBeGreaterThanOrEqual(down.since + down.forMs);
    const retried = kit.logger.lines.filter((line) => line.msg === 'message to be retried');
    expect(retried).toHaveLength(smtp.attempts() - 1);
    expect(retried[0]).toMatchObject({ attempts: 1, state: 'queued', error: expect.stringContaining('451') });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails).toHaveLength(1);
  });

  it('sends each message once when the server is too slow for the send timeout, after it recovers', async () => {
    let slow = true;
    const { smtp, kit } = await open(() => (slow ? 'hang' : 'accept'), { ...FAST, sendTimeoutMs: 300 }, 5);
    // One more than the pool's 5 connections: that one waits for a connection, the others time out
    // on one (the first holding its process's acceptance turn, the rest waiting for it).
    const emails = Array.from({ length: 6 }, (_, i) => `slow${i}@example.com`);
    for (const email of emails) await kit.ok('/otps/email/login_or_create', { email, expiration_minutes: 5 });
    // Every message has ended an attempt without being sent; one that only waited (for a connection
    // or the turn) has its attempt given back, since the server was never asked.
    await expect
      .poll(async () => {
        const all = await rows(kit);
        const tried = all.filter((r) => r.error !== null && r.state !== 'sent').length;
        const waitedOnly = all.some((r) => r.attempts === 0 && /waiting|came free/.test(String(r.error)));
        return tried === 6 && waitedOnly;
      }, POLL)
      .toBe(true);
    slow = false;
    await expect.poll(async () => (await rows(kit)).filter((r) => r.state === 'sent').length, POLL).toBe(6);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ids = smtp.mails.map((mail) => /^Message-ID: <([^@>]+)@/im.exec(mail.data)?.[1]);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it('stops at once on a refused address, with the server reason, and keeps addresses out of the log', async () => {
    const { smtp, kit } = await open(() => ({ code: 550, message: 'No such user: refused@example.com' }));
    await kit.ok('/otps/email/login_or_create', { email: 'refused@example.com', expiration_minutes: 5 });
    await expect.poll(async () => (await rows(kit))[0]?.state, POLL).toBe('failed');
    const [row] = await rows(kit);
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row?.error).toMatch(/550/);
    expect(smtp.attempts()).toBe(1);
    expect(kit.logger.errors.join('\n')).toContain('message failed');
    expect(kit.logger.text()).not.toContain('refused@example.com');
  });

  it('keeps a message for a server that is down queued, with its reason and next attempt', async () => {
    const port = await freePort();
    kit = await openAuthKit('pglite', withSmtp(port), {
      timing: { ...FAST, firstRetryMs: 60_000, maxRetryMs: 60_000 },
    });
    const sent = await kit.post('/otps/email/login_or_create', {
      email: 'down@example.com',
      expiration_minutes: 5,
    });
    expect(sent.status).toBe(200);
    const k = kit;
    await expect.poll(async () => (await rows(k))[0], POLL).toMatchObject({ attempts: 1, state: 'queued' });
    const [row] = await rows(kit);
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
    expect(row?.next_attempt_at?.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect((await kit.latest('down@example.com')).code).toMatch(/^[0-9]{6}$/);
  });
});

describe('expiry', OWN_DATABASE, () => {
  it('drops a passcode that expired while still queued, never sending it late', async () => {
    const sent: string[] = [];
    // The worker's clock runs ahead past the code's 5 minutes: when it picks the message up, it is stale.
    kit = await openAuthKit('pglite', withSmtp(1), {
      now: () => new Date(Date.now() + 6 * 60_000),
      gateways: {
        of: () => ({
          send: (message) => {
            sent.push(message.messageId);
            return Promise.resolve({ kind: 'sent' });
          },
        }),
        close: () => undefined,
      },
    });
    await kit.ok('/otps/email/login_or_create', { email: 'late@example.com', expiration_minutes: 5 });
    const k = kit;
    await expect.poll(async () => (await rows(k))[0]?.state, POLL).toBe('expired');
    expect(sent).toEqual([]);
    expect((await rows(kit))[0]?.error).toContain('expired');
    expect((await kit.latest('late@example.com')).metadata.code).toMatch(/^[0-9]{6}$/);
  });
});

describe('the SMTP password', OWN_DATABASE, () => {
  const withLogin = (port: number): LatchConfig =>
    withSmtp(port, { user: 'apikey', password_env: 'TEST_SMTP_PASSWORD' });

  it('logs in with the password from the environment variable the config names', async () => {
    smtp = await startSmtpStandIn(undefined, { login: { user: 'apikey', pass: 'from the environment' } });
    kit = await openAuthKit('pglite', withLogin(smtp.port), {
      timing: FAST,
      gateways: deliveryGateways({ TEST_SMTP_PASSWORD: 'from the environment' }, { sendTimeoutMs: 2_000 }),
    });
    await kit.ok('/otps/email/login_or_create', { email: 'login@example.com', expiration_minutes: 5 });
    const [server, k] = [smtp, kit];
    await expect.poll(async () => (await rows(k))[0]?.state, POLL).toBe('sent');
    expect(server.mails).toHaveLength(1);
  });

  it('fails each email with a clear reason while that variable is not set', async () => {
    smtp = await startSmtpStandIn(undefined, { login: { user: 'apikey', pass: 'x' } });
    kit = await openAuthKit('pglite', withLogin(smtp.port), {
      timing: FAST,
      gateways: deliveryGateways({}, { sendTimeoutMs: 2_000 }),
    });
    await kit.ok('/otps/email/login_or_create', { email: 'nopass@example.com', expiration_minutes: 5 });
    const k = kit;
    await expect.poll(async () => (await rows(k))[0]?.state, POLL).toBe('failed');
    expect((await rows(kit))[0]?.error).toBe(
      'the environment variable TEST_SMTP_PASSWORD that holds the SMTP password is not set',
    );
    expect(smtp.attempts()).toBe(0);
  });
});
