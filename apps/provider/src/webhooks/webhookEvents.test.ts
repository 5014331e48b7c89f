import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectConfig } from '../config/configSchema';
import { gatewayFor } from '../delivery/gateways/gatewayFor';
import { currentSigningKey } from '../sessions/signingKeys';
import { WEBHOOK_EVENT_TYPES } from './eventTypes';
import { openAuthKit, type AuthKit } from '../../test/authTestKit';
import { queuedDelivery } from '../../test/deliverQueued';
import {
  newWebhookSecret,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../test/standIns/webhookReceiver';
import { testConfig, testProject } from '../../test/testConfig';

const PASSWORD = 'correct-Horse-battery-7';
const NEW_PASSWORD = 'another-Quiet-river-8';
let n = 0;
const freshEmail = (what: string) => `${what}${++n}-${Date.now()}@example.com`;

type Payload = { type: string; timestamp: string; data: Record<string, unknown> };
const payloads = (receiver: WebhookReceiver) => receiver.events.map((e) => e.payload as Payload);

describe.each(['pglite', 'postgres'] as const)('event webhooks on %s', (kind) => {
  const secret = newWebhookSecret();
  const deletionsSecret = newWebhookSecret();
  let all: WebhookReceiver;
  let deletions: WebhookReceiver;
  let project: ProjectConfig;
  let kit: AuthKit;
  let deliver: ReturnType<typeof queuedDelivery>;

  beforeAll(async () => {
    [all, deletions] = await Promise.all([
      startWebhookReceiver(secret),
      startWebhookReceiver(deletionsSecret),
    ]);
    project = testProject({
      webhooks: [
        { url: all.url, secret_env: 'LATCH_WEBHOOK_SECRET', events: [...WEBHOOK_EVENT_TYPES] },
        { url: deletions.url, secret_env: 'DELETIONS_SECRET', events: ['user.deleted'] },
      ],
    });
    kit = await openAuthKit(kind, { projects: [project, ...testConfig().projects.slice(1)] });
    // The project's first signing key (an RSA key pair) is made here, not inside the first test.
    await currentSigningKey(kit.db, project);
    deliver = queuedDelivery(kit.db, project, {
      LATCH_WEBHOOK_SECRET: secret,
      DELETIONS_SECRET: deletionsSecret,
    });
  }, 60_000);
  afterAll(async () => {
    await kit?.close();
    await Promise.all([all?.close(), deletions?.close()]);
  });

  it('each event type reaches the receiver, signed, its webhook-id the outbox id', async () => {
    const email = freshEmail('events');
    const signedIn = await kit.signInByMagicLink(email);
    const userId = String(signedIn['user_id']);
    const firstSession = (signedIn['session'] as { session_id: string }).session_id;
    const updated = await kit.v1('PUT', `/v1/users/${userId}`, { name: { first_name: 'Ada' } });
    expect(updated.status).toBe(200);
    const revoked = await kit.post('/sessions/revoke', {}, String(signedIn['session_token']));
    expect(revoked.status).toBe(200);

    const passwordEmail = freshEmail('password');
    const created = await kit.ok('/passwords', {
      email: passwordEmail,
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    const passwordUser = String(created['user_id']);
    const passwordSession = (created['session'] as { session_id: string }).session_id;
    await kit.v1Ok('/v1/passwords/existing_password/reset', {
      email: passwordEmail,
      existing_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect((await kit.v1('DELETE', `/v1/users/${userId}`)).status).toBe(200);

    const delivered = await deliver('webhook');
    expect(delivered.map((d) => d.outcome)).toEqual(delivered.map(() => ({ kind: 'sent' })));
    expect(all.refusals).toEqual([]);
    const base = { project_id: project.project_id };
    expect(payloads(all).map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'user.created', data: { ...base, user_id: userId } },
      { type: 'session.created', data: { ...base, user_id: userId, session_id: firstSession } },
      { type: 'user.updated', data: { ...base, user_id: userId } },
      { type: 'session.revoked', data: { ...base, user_id: userId, session_id: firstSession } },
      { type: 'user.created', data: { ...base, user_id: passwordUser } },
      { type: 'session.created', data: { ...base, user_id: passwordUser, session_id: passwordSession } },
      // The reset ends the user's other sessions (end_sessions_on_password_reset) with the change.
      { type: 'session.revoked', data: { ...base, user_id: passwordUser, session_id: passwordSession } },
      { type: 'password.changed', data: { ...base, user_id: passwordUser } },
      { type: 'user.deleted', data: { ...base, user_id: userId } },
    ]);
    expect(all.events.map((e) => e.id)).toEqual(
      delivered.filter((d) => d.message.to === all.url).map((d) => d.message.messageId),
    );
    expect(payloads(all).every((p) => Math.abs(Date.parse(p.timestamp) - Date.now()) < 60_000)).toBe(true);
    // An endpoint gets only the types it subscribed to.
    expect(payloads(deletions).map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'user.deleted', data: { ...base, user_id: userId } },
    ]);
  }, 30_000);

  it('queues no event for a change that did not happen', async () => {
    await deliver('webhook');
    const email = freshEmail('taken');
    await kit.signInByMagicLink(email);
    await deliver('webhook');
    const before = all.events.length;
    const duplicate = await kit.v1('POST', '/v1/users', { email, phone_number: '+12125550199' });
    expect(duplicate.body['error_type']).toBe('duplicate_email');
    expect((await kit.v1('DELETE', '/v1/users/user-test-00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    expect(await deliver('webhook')).toEqual([]);
    expect(all.events).toHaveLength(before);
  });

  it('a receiver that fails gets retry, then the same delivery once it recovers', async () => {
    await deliver('webhook');
    all.fail({ status: 503, times: 1 });
    await kit.signInByMagicLink(freshEmail('outage'));
    const [first] = await deliver('webhook');
    expect(first?.outcome).toMatchObject({
      kind: 'retry',
      reason: expect.stringContaining('answered 503') as unknown,
    });
    all.fail({ status: 429, times: 1, retryAfter: '5' });
    const gateway = gatewayFor(project, 'webhook', {
      LATCH_WEBHOOK_SECRET: secret,
      DELETIONS_SECRET: deletionsSecret,
    });
    if (!first || !gateway) throw new Error('nothing was queued');
    const signal = new AbortController().signal;
    expect(await gateway.send(first.message, signal)).toMatchObject({ kind: 'retry', retryAfterMs: 5000 });
    expect(await gateway.send(first.message, signal)).toEqual({ kind: 'sent' });
    expect(all.events.at(-1)?.id).toBe(first.message.messageId);
  });

  it('POST /v1/webhooks/test sends a signed webhook.test event to every endpoint', async () => {
    await deliver('webhook');
    const answer = await kit.v1Ok('/v1/webhooks/test', {});
    expect(answer['message_ids']).toHaveLength(2);
    const delivered = await deliver('webhook');
    expect(delivered.map((d) => d.message.messageId)).toEqual(answer['message_ids']);
    expect(delivered.map((d) => d.outcome.kind)).toEqual(['sent', 'sent']);
    expect(payloads(all).at(-1)).toMatchObject({
      type: 'webhook.test',
      data: { project_id: project.project_id },
    });
    expect(payloads(deletions).at(-1)).toMatchObject({ type: 'webhook.test' });
    const unauthorized = await kit.app.request('/v1/webhooks/test', { method: 'POST' });
    expect(unauthorized.status).toBe(401);
  });
});
