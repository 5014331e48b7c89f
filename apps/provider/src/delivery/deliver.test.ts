import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatchConfig } from '../config/configSchema';
import { openAuthKit, type AuthKit } from '../../test/authTestKit';
import { freePort } from '../../test/freePort';
import { testConfig, testProject } from '../../test/testConfig';
import { startFakeSmtpServer } from '@latch/test-support/smtp';

const withSmtp = (port: number): LatchConfig => ({
  ...testConfig(),
  projects: [
    testProject({ smtp: { host: '127.0.0.1', port, secure: false, from: 'Latch <no-reply@latch.test>' } }),
    ...testConfig().projects.slice(1),
  ],
});

type OutboxRow = { sent_at: Date | null; error: string | null };

describe('email delivery over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
  let kit: AuthKit;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    kit = await openAuthKit('pglite', withSmtp(smtp.port));
  }, 60_000);
  afterAll(async () => {
    await kit?.close();
    await smtp?.close();
  });

  it('sends the magic link email through the project SMTP server and records it as sent', async () => {
    await kit.ok('/magic_links/email/login_or_create', { email: 'smtp@example.com' });
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail?.from).toBe('<no-reply@latch.test>');
    expect(mail?.to).toEqual(['<smtp@example.com>']);
    expect(mail?.data).toContain('Subject: Your sign-up link for Test Project');
    const { metadata } = await kit.latest('smtp@example.com');
    expect(mail?.data.replace(/=\r?\n/g, '')).toContain(String(metadata.token).slice(0, 20));
    const [row] = await kit.db.query<OutboxRow>('SELECT sent_at, error FROM outbox');
    expect(row?.sent_at).toBeInstanceOf(Date);
    expect(row?.error).toBeNull();
  });

  it('never sends SMS codes by email', async () => {
    await kit.ok('/otps/sms/login_or_create', { phone_number: '+15555550123', expiration_minutes: 5 });
    expect(smtp.mails).toHaveLength(1);
  });
});

describe('email delivery when SMTP is down', () => {
  let kit: AuthKit;
  beforeAll(async () => {
    kit = await openAuthKit('pglite', withSmtp(await freePort()));
  }, 60_000);
  afterAll(() => kit?.close());

  it('keeps the message with its error and still answers the API call', async () => {
    const sent = await kit.post('/otps/email/login_or_create', {
      email: 'down@example.com',
      expiration_minutes: 5,
    });
    expect(sent.status).toBe(200);
    const [row] = await kit.db.query<OutboxRow>('SELECT sent_at, error FROM outbox');
    expect(row?.sent_at).toBeNull();
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
    expect(kit.logger.errors.join('\n')).toContain('was not sent');
    expect((await kit.latest('down@example.com')).code).toMatch(/^[0-9]{6}$/);
  });
});
