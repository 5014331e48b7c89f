import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/Db';
import { openMigratedTestDb } from '../../test/testDatabases';
import { enqueueMessage } from '../delivery/outbox';
import { testApp } from '../../test/testApp';
import { testConfig, TEST_TOKEN } from '../../test/testConfig';

const [testProject, liveProject] = testConfig().projects;

describe('dev routes', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigratedTestDb('pglite');
    if (!testProject || !liveProject) throw new Error('fixture');
    await enqueueMessage(db, {
      project: testProject,
      channel: 'email',
      recipient: 'Ada@example.com',
      subject: 'Your code',
      bodyText: 'Code: 123456 <b>',
      metadata: { code: '123456' },
    });
    await enqueueMessage(db, {
      project: testProject,
      channel: 'email',
      recipient: 'link@example.com',
      subject: 'Your login link',
      bodyText: 'Open it',
      metadata: {
        url: 'http://127.0.0.1:3000/authenticate?token=t"1&stytch_token_type=magic_links',
        token: 't"1',
      },
    });
    await enqueueMessage(db, {
      project: testProject,
      channel: 'whatsapp',
      recipient: '+15555550199',
      bodyText: '654321 is your code',
      metadata: { code: '654321' },
    });
    await enqueueMessage(db, {
      project: liveProject,
      channel: 'sms',
      recipient: '+15555550100',
      bodyText: 'live secret',
    });
  }, 60_000);
  afterAll(() => db?.close());

  it('lists test projects only in /dev/projects.json, for tools (no CORS header)', async () => {
    const response = await testApp({ db }).app.request('/dev/projects.json', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(await response.json()).toEqual([
      { public_token: TEST_TOKEN, project_id: testProject?.project_id, name: 'Test Project' },
    ]);
  });

  it('shows test-project messages in /dev/inbox.json, filtered by recipient without case', async () => {
    const { app } = testApp({ db });
    const all = (await (await app.request('/dev/inbox.json')).json()) as {
      recipient: string;
      metadata: unknown;
    }[];
    expect(all.map((m) => m.recipient)).toEqual(['+15555550199', 'link@example.com', 'Ada@example.com']);
    expect(all[2]?.metadata).toEqual({ code: '123456' });
    const mine = (await (await app.request('/dev/inbox.json?to=ada@EXAMPLE.com')).json()) as unknown[];
    expect(mine).toHaveLength(1);
    expect(await (await app.request('/dev/inbox.json?to=bob@example.com')).json()).toEqual([]);
  });

  it('lists messages that share a timestamp newest first, in the order they were sent', async () => {
    if (!testProject) throw new Error('fixture');
    const recipient = 'tie@example.com';
    const sent = ['first', 'second', 'third', 'fourth', 'fifth'];
    for (const bodyText of sent) {
      await enqueueMessage(db, { project: testProject, channel: 'email', recipient, bodyText });
    }
    // A loaded machine can give several messages one created_at; make every one tie.
    await db.query("UPDATE outbox SET created_at = '2026-01-01T00:00:00Z' WHERE recipient = $1", [recipient]);
    const { app } = testApp({ db });
    const listed = (await (await app.request(`/dev/inbox.json?to=${recipient}`)).json()) as {
      text: string;
    }[];
    expect(listed.map((m) => m.text)).toEqual([...sent].reverse());
  });

  it('adds to, text, link and code to each entry, and reads a raw + in ?to=', async () => {
    const { app } = testApp({ db });
    const [whatsapp] = (await (await app.request('/dev/inbox.json?to=+15555550199')).json()) as Record<
      string,
      unknown
    >[];
    expect(whatsapp).toMatchObject({
      channel: 'whatsapp',
      to: '+15555550199',
      text: '654321 is your code',
      code: '654321',
    });
    expect(whatsapp).not.toHaveProperty('link');
    const [email] = (await (await app.request('/dev/inbox.json?to=link@example.com')).json()) as Record<
      string,
      unknown
    >[];
    expect(email).toMatchObject({
      subject: 'Your login link',
      link: 'http://127.0.0.1:3000/authenticate?token=t"1&stytch_token_type=magic_links',
      created_at: expect.stringMatching(/Z$/),
    });
  });

  it('shows links as escaped anchors and codes in /dev/inbox', async () => {
    const html = await (await testApp({ db }).app.request('/dev/inbox')).text();
    expect(html).toContain(
      '<a href="http://127.0.0.1:3000/authenticate?token=t&quot;1&amp;stytch_token_type=magic_links">Open the link</a>',
    );
    expect(html).toContain('<code style="font-size:1.4rem">654321</code>');
    expect(html.indexOf('+15555550199')).toBeLessThan(html.indexOf('Ada@example.com'));
  });

  it("shows each message's delivery state, attempts, next attempt and the gateway's reason", async () => {
    if (!testProject) throw new Error('fixture');
    const id = await enqueueMessage(db, {
      project: testProject,
      channel: 'sms',
      recipient: '+15555550142',
      bodyText: 'retry me',
    });
    await db.query(
      "UPDATE outbox SET attempts = 2, error = '503 <Service Unavailable>', next_attempt_at = $2 WHERE message_id = $1",
      [id, new Date('2030-01-01T00:00:00Z')],
    );
    const { app } = testApp({ db });
    const [entry] = (await (await app.request('/dev/inbox.json?to=+15555550142')).json()) as unknown[];
    expect(entry).toMatchObject({
      state: 'queued',
      attempts: 2,
      error: '503 <Service Unavailable>',
      next_attempt_at: '2030-01-01T00:00:00.000Z',
      sent_at: null,
    });
    const html = await (await app.request('/dev/inbox?to=+15555550142')).text();
    expect(html).toContain('<th>State</th>');
    expect(html).toContain(
      '<td><strong>queued</strong> (2 attempts), next attempt at 2030-01-01T00:00:00.000Z<br><small>503 &lt;Service Unavailable&gt;</small></td>',
    );
    await db.query('DELETE FROM outbox WHERE message_id = $1', [id]);
  });

  it('renders /dev/inbox as escaped HTML that cannot be framed', async () => {
    const response = await testApp({ db }).app.request('/dev/inbox');
    const html = await response.text();
    expect(html).toContain('Code: 123456 &lt;b&gt;');
    expect(html).not.toContain('live secret');
    expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });

  it('is absent when dev routes are off, and off unless the config turns them on', async () => {
    expect((await testApp({ db, devRoutes: false }).app.request('/dev/projects.json')).status).toBe(404);
    const { dev_routes: _, ...rest } = testConfig();
    const config = { ...rest, dev_routes: false };
    for (const path of ['/dev/projects.json', '/dev/inbox.json', '/dev/inbox']) {
      expect((await testApp({ db, config }).app.request(path)).status).toBe(404);
    }
  });

  it('never lets another web page read the inbox (no CORS header, even for an authorized origin)', async () => {
    for (const origin of ['https://evil.example', 'http://127.0.0.1:3000']) {
      const response = await testApp({ db }).app.request('/dev/inbox.json', { headers: { Origin: origin } });
      expect(response.status).toBe(200);
      expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
    }
  });
});
