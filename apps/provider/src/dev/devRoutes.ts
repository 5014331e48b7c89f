import type { Context } from 'hono';
import { escapeHtml, htmlPage } from '../frame/htmlPage';
import type { AppEnv, Services } from '../http/deps';
import { rawRoute, type Route } from '../http/route';
import { listMessages, type OutboxMessage } from '../delivery/outbox';
import { pageStatus } from '../http/pageStatus';

/** Dev data is test data only: live projects never appear here. */
const testProjects = ({ projects }: Services) => projects.all.filter((p) => p.test);

// No CORS header: only tools and tests read these, from outside any browser. A wildcard would let
// every web page read the codes and links of a test project.
const PUBLIC_JSON = { 'Cache-Control': 'no-store' };

// A raw `+` in a query decodes to a space (`?to=+15555550100`); addresses and numbers never hold spaces.
const recipient = (c: Context<AppEnv>): string | undefined =>
  c.req.query('to')?.replace(/ /g, '+').trim() || undefined;

const metaString = (m: OutboxMessage, key: string): string | undefined => {
  const value = m.metadata[key];
  return typeof value === 'string' ? value : undefined;
};

/** One inbox entry: the stored row plus `to`, `text`, `link` and `code` for tests and scripts. */
const inboxEntry = (m: OutboxMessage) => {
  const link = metaString(m, 'url');
  const code = metaString(m, 'code');
  return {
    ...m,
    to: m.recipient,
    text: m.body_text,
    ...(link ? { link } : {}),
    ...(code ? { code } : {}),
    created_at: new Date(m.created_at).toISOString(),
    next_attempt_at: isoOrNull(m.next_attempt_at),
    sent_at: isoOrNull(m.sent_at),
    expires_at: isoOrNull(m.expires_at),
  };
};

const isoOrNull = (at: Date | null): string | null => (at ? new Date(at).toISOString() : null);

/** Where the message is: its state, attempts, the next one or when it went, and the gateway's reason. */
function stateCell(m: OutboxMessage): string {
  const when =
    m.state === 'sent' && m.sent_at
      ? ` at ${new Date(m.sent_at).toISOString()}`
      : m.state === 'queued' && m.next_attempt_at && m.attempts > 0
        ? `, next attempt at ${new Date(m.next_attempt_at).toISOString()}`
        : '';
  const attempts = m.attempts > 0 ? ` (${m.attempts} ${m.attempts === 1 ? 'attempt' : 'attempts'})` : '';
  const reason = m.error ? `<br><small>${escapeHtml(m.error)}</small>` : '';
  return `<td><strong>${escapeHtml(m.state)}</strong>${escapeHtml(attempts + when)}${reason}</td>`;
}

const messages = (c: Context<AppEnv>, services: Services): Promise<OutboxMessage[]> =>
  listMessages(services.db, {
    projectIds: testProjects(services).map((p) => p.project_id),
    to: recipient(c),
    limit: 100,
  });

const projectsJson = rawRoute('GET', '/dev/projects.json', (c, services) =>
  c.json(
    testProjects(services).map(({ public_token, project_id, name }) => ({ public_token, project_id, name })),
    pageStatus('ok'),
    PUBLIC_JSON,
  ),
);

const inboxJson = rawRoute('GET', '/dev/inbox.json', async (c, services) =>
  c.json((await messages(c, services)).map(inboxEntry), pageStatus('ok'), PUBLIC_JSON),
);

/** A message as a table row: its link clickable and its code large; everything escaped. */
function inboxRow(m: OutboxMessage): string {
  const { link, code } = inboxEntry(m);
  const extras =
    (link && /^https?:\/\//.test(link) ? `<p><a href="${escapeHtml(link)}">Open the link</a></p>` : '') +
    (code ? `<p>Code: <code style="font-size:1.4rem">${escapeHtml(code)}</code></p>` : '');
  return (
    `<tr><td>${escapeHtml(new Date(m.created_at).toISOString())}</td><td>${escapeHtml(m.channel)}</td>` +
    `<td>${escapeHtml(m.recipient)}</td>${stateCell(m)}<td><strong>${escapeHtml(m.subject)}</strong>${extras}` +
    `<pre style="white-space:pre-wrap">${escapeHtml(m.body_text)}</pre></td></tr>`
  );
}

const inboxPage = rawRoute('GET', '/dev/inbox', async (c, services) => {
  const rows = (await messages(c, services)).map(inboxRow).join('');
  const body = rows
    ? `<table><thead><tr><th>When</th><th>Channel</th><th>To</th><th>State</th><th>Message</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No messages yet. Emails and text messages that the provider sends for test projects appear here.</p>';
  return htmlPage('ok', 'Latch dev inbox', `<p><a href="/dev/inbox.json">JSON</a></p>${body}`);
});

const home = rawRoute('GET', '/', (_c, services) =>
  htmlPage(
    'ok',
    'Latch auth origin',
    `<p>This is the Latch provider at <code>${escapeHtml(services.authOrigin)}</code>: the widget's API (<code>/sdk/v1</code>), ` +
      'its loader (<a href="/loader.js"><code>/loader.js</code></a>) and its frames (<code>/frame/*</code>).</p>' +
      (services.devRoutes
        ? '<p>Development: <a href="/dev/inbox">inbox</a> · <a href="/dev/projects.json">test projects</a></p>'
        : ''),
  ),
);

export const homeRoutes: Route[] = [home];
export const devRoutes: Route[] = [projectsJson, inboxJson, inboxPage];
