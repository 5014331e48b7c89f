import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectConfig } from '../../config/configSchema';
import { openAuthKit, type AuthKit } from '../../../test/authTestKit';
import { queuedDelivery } from '../../../test/deliverQueued';
import {
  startTwilioStandIn,
  TWILIO_AUTH_TOKEN,
  twilioSmsConfig,
  type TwilioStandIn,
} from '../../../test/standIns/twilioStandIn';
import {
  metaWhatsAppConfig,
  startWhatsAppCloudStandIn,
  WHATSAPP_ACCESS_TOKEN,
  type WhatsAppCloudStandIn,
} from '../../../test/standIns/whatsAppCloudStandIn';
import { testConfig, testProject } from '../../../test/testConfig';
import { currentSigningKey } from '../../sessions/signingKeys';

describe('passcode sign-ins with the code read from what the gateway received', () => {
  let twilio: TwilioStandIn;
  let meta: WhatsAppCloudStandIn;
  let project: ProjectConfig;
  let kit: AuthKit;
  let deliver: ReturnType<typeof queuedDelivery>;
  beforeAll(async () => {
    [twilio, meta] = await Promise.all([startTwilioStandIn(), startWhatsAppCloudStandIn()]);
    project = testProject({
      sms: twilioSmsConfig(twilio),
      whatsapp: metaWhatsAppConfig(meta),
    });
    kit = await openAuthKit('pglite', { projects: [project, ...testConfig().projects.slice(1)] });
    await currentSigningKey(kit.db, project);
    deliver = queuedDelivery(kit.db, project, { TWILIO_AUTH_TOKEN, WHATSAPP_ACCESS_TOKEN });
  }, 60_000);
  afterAll(async () => {
    await kit?.close();
    await Promise.all([twilio?.close(), meta?.close()]);
  });

  it('SMS through Twilio: the text carries the code that signs the visitor in', async () => {
    const sent = await kit.ok('/otps/sms/login_or_create', {
      phone_number: '+12125550142',
      expiration_minutes: 5,
    });
    expect(await deliver('sms')).toMatchObject([{ outcome: { kind: 'sent' } }]);
    const [text] = twilio.messages;
    expect(text?.to).toBe('+12125550142');
    const code = /\b(\d{6})\b/.exec(text?.body ?? '')?.[1] ?? '';
    const session = await kit.ok('/otps/authenticate', {
      method_id: sent['method_id'],
      token: code,
      session_duration_minutes: 60,
    });
    expect(session['user_id']).toMatch(/^user-test-/);
    expect(session['session_token']).toMatch(/.{20,}/);
  });

  it('WhatsApp through the Cloud API: the template’s code signs the visitor in', async () => {
    const sent = await kit.ok('/otps/whatsapp/login_or_create', {
      phone_number: '+12125550143',
      expiration_minutes: 5,
    });
    expect(await deliver('whatsapp')).toMatchObject([{ outcome: { kind: 'sent' } }]);
    const [message] = meta.messages;
    expect(message?.to).toBe('12125550143');
    const session = await kit.ok('/otps/authenticate', {
      method_id: sent['method_id'],
      token: message?.code,
      session_duration_minutes: 60,
    });
    expect(session['user_id']).toMatch(/^user-test-/);
  });
});
