import type { MetaWhatsAppConfig } from '../../config/messagingSchema';
import type { Gateway, SendOutcome } from './Gateway';
import { passcodeOf, passcodeOnly } from './passcodeOnly';
import { field, isRetry, postToGateway, refusal } from './postToGateway';

export const WHATSAPP_CLOUD_API = 'https://graph.facebook.com/v21.0';

// Cloud API error codes that may pass later: unknown and service errors, the rate limits, and
// "something went wrong" / "service unavailable" / "temporarily unavailable".
const TRANSIENT_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

/**
 * WhatsApp through Meta's WhatsApp Cloud API (`POST /{phone-number-id}/messages`, a bearer token):
 * the project's authentication template, the passcode in its body and its copy-code button (WhatsApp
 * requires both). 200 is sent with the `wamid`; an `{error: {code, message}}` answer is retried for
 * the transient codes, a 429 or a 5xx, and failed otherwise.
 */
export function metaWhatsApp(config: MetaWhatsAppConfig, accessToken: string): Gateway {
  const url = `${(config.api_base_url ?? WHATSAPP_CLOUD_API).replace(/\/+$/, '')}/${config.phone_number_id}/messages`;
  return passcodeOnly({
    async send(message, signal): Promise<SendOutcome> {
      const parameter = [{ type: 'text', text: passcodeOf(message) }];
      const answer = await postToGateway(
        url,
        {
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: message.to.replace(/^\+/, ''),
            type: 'template',
            template: {
              name: config.template_name,
              language: { code: config.template_language },
              components: [
                { type: 'body', parameters: parameter },
                { type: 'button', sub_type: 'url', index: '0', parameters: parameter },
              ],
            },
          }),
        },
        signal,
      );
      if (isRetry(answer)) return answer;
      if (answer.status === 200) {
        const id = field(answer.json, 'messages', 0, 'id');
        return typeof id === 'string' ? { kind: 'sent', gatewayId: id } : { kind: 'sent' };
      }
      const errorCode = field(answer.json, 'error', 'code');
      const details = field(answer.json, 'error', 'error_data', 'details');
      const reason =
        `WhatsApp Cloud API answered ${answer.status}` +
        (typeof errorCode === 'number' ? ` (error ${errorCode})` : '') +
        `: ${String(field(answer.json, 'error', 'message') ?? answer.text)}` +
        (typeof details === 'string' ? ` (${details})` : '');
      if (typeof errorCode === 'number' && TRANSIENT_CODES.has(errorCode)) {
        const retry: SendOutcome = { kind: 'retry', reason };
        return answer.retryAfterMs === undefined ? retry : { ...retry, retryAfterMs: answer.retryAfterMs };
      }
      return refusal(answer, reason);
    },
  });
}
