import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { spawnProvider } from './providerProcess';
import { startSmtpStandIn } from './standIns/smtpStandIn';
import { basic, HOST, testConfig, testProject, TEST_TOKEN } from './testConfig';

const dir = mkdtempSync(join(tmpdir(), 'latch-delivery-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The provider on the folder's PGlite database; answers its port and a way to kill it outright. */
async function startProvider(configFile: string) {
  const { child, port, exited } = spawnProvider({
    LATCH_CONFIG: configFile,
    LATCH_DATA_DIR: join(dir, 'data'),
    DATABASE_URL: '',
  });
  return {
    port: await port,
    kill: async () => {
      process.kill(-(child.pid ?? 0), 'SIGKILL');
      await exited;
    },
  };
}

it('sends a message after a restart when the provider was killed between its commit and its delivery', async () => {
  let holdMessages = true;
  const smtp = await startSmtpStandIn(() => (holdMessages ? 'hang' : 'accept'));
  const configFile = join(dir, 'config.json');
  const config = testConfig();
  writeFileSync(
    configFile,
    JSON.stringify({
      ...config,
      // A short send timeout makes a short lease: the restarted process takes the message over soon.
      delivery: { send_timeout_seconds: 2 },
      projects: [
        testProject({
          smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'Latch <no-reply@latch.test>' },
        }),
        ...config.projects.slice(1),
      ],
    }),
  );
  try {
    const first = await startProvider(configFile);
    const sent = await fetch(`http://127.0.0.1:${first.port}/sdk/v1/otps/email/login_or_create`, {
      method: 'POST',
      headers: { Authorization: basic(TEST_TOKEN), Origin: HOST, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'restart@example.com', expiration_minutes: 10 }),
    });
    expect(sent.status).toBe(200);
    // The message is committed and on its way: the server holds it without an answer. Kill -9.
    for (let i = 0; i < 200 && smtp.hangingCount() === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(smtp.hangingCount()).toBe(1);
    await first.kill();
    expect(smtp.mails).toHaveLength(0);

    holdMessages = false;
    const second = await startProvider(configFile);
    for (let i = 0; i < 800 && smtp.mails.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.to).toEqual(['restart@example.com']);
    const inbox = (await (
      await fetch(`http://127.0.0.1:${second.port}/dev/inbox.json?to=restart@example.com`)
    ).json()) as { state: string; attempts: number; code: string }[];
    // Two attempts, or more when a slow machine let the first process's send time out before the kill.
    expect(inbox).toMatchObject([{ state: 'sent' }]);
    expect(inbox[0]?.attempts).toBeGreaterThanOrEqual(2);
    expect(smtp.mails[0]?.data).toContain(inbox[0]?.code);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails).toHaveLength(1);
    await second.kill();
  } finally {
    await smtp.close();
  }
}, 90_000);
