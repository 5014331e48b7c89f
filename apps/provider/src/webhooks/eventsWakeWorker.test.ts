import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectConfig } from '../config/configSchema';
import { WEBHOOK_EVENT_TYPES } from './eventTypes';
import { openAuthKit, type AuthKit } from '../../test/authTestKit';
import {
  newWebhookSecret,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../test/standIns/webhookReceiver';
import { testConfig, testProject } from '../../test/testConfig';

const PASSWORD = 'correct-Horse-battery-7';
// Far longer than the test: whatever arrives was sent on a wake, not found by a poll.
const HOUR_MS = 3_600_000;

describe('events go out when the change commits, without waiting for a poll', () => {
  const secret = newWebhookSecret();
  let receiver: WebhookReceiver;
  let project: ProjectConfig;
  let kit: AuthKit;

  beforeAll(async () => {
    receiver = await startWebhookReceiver(secret);
    project = testProject({
      webhooks: [{ url: receiver.url, secret_env: 'LATCH_WEBHOOK_SECRET', events: [...WEBHOOK_EVENT_TYPES] }],
    });
    kit = await openAuthKit(
      'pglite',
      { projects: [project, ...testConfig().projects.slice(1)] },
      { timing: { pollMs: HOUR_MS }, env: { LATCH_WEBHOOK_SECRET: secret } },
    );
    // Its first poll happens now, before any event exists; the next one is an hour away.
    kit.delivery.start();
  }, 60_000);
  afterAll(async () => {
    await kit?.close();
    await receiver?.close();
  });

  const received = async (count: number) => {
    await expect.poll(() => receiver.events.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
    return receiver.events.map((e) => (e.payload as { type: string }).type);
  };

  it('a sign-up, a profile change, a password change and the test event each reach the receiver', async () => {
    const email = `wake-${Date.now()}@example.com`;
    const created = await kit.ok('/passwords', { email, password: PASSWORD, session_duration_minutes: 60 });
    expect(await received(2)).toEqual(['user.created', 'session.created']);

    const userId = String(created['user_id']);
    expect((await kit.v1('PUT', `/v1/users/${userId}`, { name: { first_name: 'Ada' } })).status).toBe(200);
    expect((await received(3)).at(-1)).toBe('user.updated');

    await kit.v1Ok('/v1/passwords/existing_password/reset', {
      email,
      existing_password: PASSWORD,
      new_password: 'another-Quiet-river-8',
    });
    expect((await received(5)).slice(3).sort()).toEqual(['password.changed', 'session.revoked']);

    await kit.v1Ok('/v1/webhooks/test', {});
    expect((await received(6)).at(-1)).toBe('webhook.test');
    expect(receiver.refusals).toEqual([]);
  }, 30_000);
});
