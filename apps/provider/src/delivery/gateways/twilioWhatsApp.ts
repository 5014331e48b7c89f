import type { TwilioWhatsAppConfig } from '../../config/messagingSchema';
import type { Gateway } from './Gateway';
import { passcodeOf, passcodeOnly } from './passcodeOnly';
import { twilioMessages } from './twilioMessages';

const whatsapp = (number: string) => `whatsapp:${number}`;

/**
 * WhatsApp through Twilio's WhatsApp senders: `whatsapp:`-prefixed numbers and the project's
 * approved authentication template (`content_sid`), the passcode as its variable 1.
 */
export function twilioWhatsApp(config: TwilioWhatsAppConfig, authToken: string): Gateway {
  return passcodeOnly(
    twilioMessages(
      config,
      authToken,
      (message) => ({
        To: whatsapp(message.to),
        ContentSid: config.content_sid,
        ContentVariables: JSON.stringify({ 1: passcodeOf(message) }),
      }),
      whatsapp,
    ),
  );
}
