import type { TwilioMessage } from '../../apps/provider/test/standIns/twilioStandIn';
import type { WhatsAppCloudMessage } from '../../apps/provider/test/standIns/whatsAppCloudStandIn';
import { RECEIVED_PATH } from '../../apps/provider/test/standIns/gatewayStandIn';

/**
 * The live fixture project whose `sms` texts through the Twilio stand-in and whose `whatsapp` sends
 * through the WhatsApp Cloud API stand-in (global-setup starts both): live, so no dev inbox.
 */
export const GATEWAYS_PUBLIC_TOKEN = 'public-token-live-e2e-00000000-0000-4000-8000-000000000008';

/** Where global-setup publishes the stand-ins' origins to the test workers. */
export const GATEWAY_ORIGIN_ENV = {
  twilio: 'LATCH_E2E_TWILIO_ORIGIN',
  meta: 'LATCH_E2E_WHATSAPP_CLOUD_ORIGIN',
} as const;

interface Received {
  twilio: TwilioMessage;
  meta: WhatsAppCloudMessage;
}

/** Every message the stand-in of `gateway` accepted so far, oldest first. */
export async function receivedBy<G extends keyof Received>(gateway: G): Promise<Received[G][]> {
  const origin = process.env[GATEWAY_ORIGIN_ENV[gateway]];
  if (!origin)
    throw new Error(`${GATEWAY_ORIGIN_ENV[gateway]} is not set: global-setup starts the stand-ins`);
  const response = await fetch(`${origin}${RECEIVED_PATH}`);
  if (!response.ok) throw new Error(`The ${gateway} stand-in answered ${response.status}`);
  return (await response.json()) as Received[G][];
}
