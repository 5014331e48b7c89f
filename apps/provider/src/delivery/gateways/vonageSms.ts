import type { VonageConfig } from '../../config/messagingSchema';
import type { Gateway, SendOutcome } from './Gateway';
import { field, isRetry, postToGateway, refusal } from './postToGateway';

export const VONAGE_API = 'https://rest.nexmo.com';

// Vonage's per-message statuses that may pass later: throttled, internal error, too many binds.
const TRANSIENT_STATUSES = new Set(['1', '5', '10']);
// The GSM 03.38 basic set's printable ASCII part; anything else needs `type=unicode`.
const GSM_TEXT = /^[\n\r\x20-\x7E]*$/;

/**
 * SMS through Vonage's SMS API (`POST /sms/json`, key and secret in the form). It answers 200 with
 * a status per message part: "0" is sent, 1, 5 and 10 are retried, any other is failed with its
 * `error-text`. An HTTP 429 or 5xx is retried too.
 */
export function vonageSms(config: VonageConfig, apiSecret: string): Gateway {
  const url = `${(config.api_base_url ?? VONAGE_API).replace(/\/+$/, '')}/sms/json`;
  return {
    async send(message, signal): Promise<SendOutcome> {
      const form = new URLSearchParams({
        api_key: config.api_key,
        api_secret: apiSecret,
        from: config.from,
        // Vonage wants the number in international format without the "+".
        to: message.to.replace(/^\+/, ''),
        text: message.text,
        'client-ref': message.messageId,
      });
      if (!GSM_TEXT.test(message.text)) form.set('type', 'unicode');
      const answer = await postToGateway(
        url,
        {
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
        },
        signal,
      );
      if (isRetry(answer)) return answer;
      if (answer.status !== 200) return refusal(answer, `Vonage answered ${answer.status}: ${answer.text}`);
      const parts = field(answer.json, 'messages');
      if (!Array.isArray(parts) || parts.length === 0)
        return { kind: 'retry', reason: `Vonage answered without messages: ${answer.text.slice(0, 200)}` };
      const refused: unknown = parts.find((part) => field(part, 'status') !== '0');
      if (refused === undefined) {
        const id = field(parts[0], 'message-id');
        return typeof id === 'string' ? { kind: 'sent', gatewayId: id } : { kind: 'sent' };
      }
      const status = String(field(refused, 'status'));
      const reason = `Vonage status ${status}: ${String(field(refused, 'error-text') ?? 'no error-text')}`;
      return TRANSIENT_STATUSES.has(status) ? { kind: 'retry', reason } : { kind: 'failed', reason };
    },
  };
}
