import type { SmsGatewayConfig } from '../../config/messagingSchema';
import type { Gateway } from './Gateway';
import { twilioMessages } from './twilioMessages';

type TwilioSmsConfig = Extract<SmsGatewayConfig, { gateway: 'twilio' }>;

/** SMS through Twilio Programmable Messaging, from a number or a Messaging Service. */
export function twilioSms(config: TwilioSmsConfig, authToken: string): Gateway {
  return twilioMessages(
    config,
    authToken,
    (message) => ({ To: message.to, Body: message.text }),
    (from) => from,
  );
}
