import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayMessage, noAbort } from '../../../test/gatewayMessage';
import {
  startTwilioStandIn,
  TWILIO_AUTH_TOKEN,
  twilioSmsConfig,
  type TwilioStandIn,
} from '../../../test/standIns/twilioStandIn';
import {
  newWebhookSecret,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../test/standIns/webhookReceiver';
import { testProject } from '../../../test/testConfig';
import { gatewayFor } from './gatewayFor';

describe('gatewayFor', () => {
  const secret = newWebhookSecret();
  let twilio: TwilioStandIn;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    [twilio, receiver] = await Promise.all([startTwilioStandIn(), startWebhookReceiver(secret)]);
  });
  afterAll(() => Promise.all([twilio?.close(), receiver?.close()]));

  const project = () =>
    testProject({
      sms: twilioSmsConfig(twilio),
      webhooks: [{ url: receiver.url, secret_env: 'LATCH_WEBHOOK_SECRET', events: ['user.created'] }],
    });
  const env = { TWILIO_AUTH_TOKEN, LATCH_WEBHOOK_SECRET: secret };

  it('answers null for email and for a channel the project has no gateway for', () => {
    expect(gatewayFor(project(), 'email', env)).toBeNull();
    expect(gatewayFor(project(), 'whatsapp', env)).toBeNull();
    expect(gatewayFor(testProject(), 'sms', env)).toBeNull();
    expect(gatewayFor(testProject(), 'webhook', env)).toBeNull();
  });

  it('sends SMS through the configured gateway with the secret from the environment', async () => {
    const gateway = gatewayFor(project(), 'sms', env);
    expect(await gateway?.send(gatewayMessage(), noAbort())).toMatchObject({ kind: 'sent' });
    expect(twilio.messages).toHaveLength(1);
  });

  it('sends a queued event to the endpoint it names, signed with that endpoint’s secret', async () => {
    const gateway = gatewayFor(project(), 'webhook', env);
    const body = JSON.stringify({ type: 'user.created', data: { user_id: 'user-test-1' } });
    const event = gatewayMessage({ channel: 'webhook', to: receiver.url, text: body, metadata: {} });
    expect(await gateway?.send(event, noAbort())).toEqual({ kind: 'sent' });
    expect(receiver.events).toEqual([{ id: event.messageId, payload: JSON.parse(body) as unknown }]);
    const gone = gatewayMessage({ channel: 'webhook', to: 'https://old.example/hooks', text: body });
    expect(await gateway?.send(gone, noAbort())).toEqual({
      kind: 'failed',
      reason: "https://old.example/hooks is no longer one of the project's webhook endpoints",
    });
  });

  it('fails every message with the reason when a secret is missing or unusable', async () => {
    const requests = twilio.requests.length;
    expect(await gatewayFor(project(), 'sms', {})?.send(gatewayMessage(), noAbort())).toEqual({
      kind: 'failed',
      reason:
        'project "Test Project": SMS gateway "twilio": the environment variable TWILIO_AUTH_TOKEN is not set',
    });
    expect(twilio.requests).toHaveLength(requests);
    const badSecret = { ...env, LATCH_WEBHOOK_SECRET: 'whsec_not base64!' };
    expect(await gatewayFor(project(), 'webhook', badSecret)?.send(gatewayMessage(), noAbort())).toEqual({
      kind: 'failed',
      reason: `project "Test Project": Webhook endpoint ${receiver.url}: LATCH_WEBHOOK_SECRET is not a Standard Webhooks secret ("whsec_" and base64)`,
    });
  });
});
