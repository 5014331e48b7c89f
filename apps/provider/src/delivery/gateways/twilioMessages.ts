import type { TwilioAccountConfig } from '../../config/messagingSchema';
import type { Gateway, GatewayMessage } from './Gateway';
import { field, isRetry, postToGateway, refusal } from './postToGateway';

export const TWILIO_API = 'https://api.twilio.com';

/**
 * A gateway on Twilio's Messages API (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`,
 * Basic auth with the account SID or an API key SID): `fields` gives the message's own
 * parameters, the sender (`From` or `MessagingServiceSid`) is added here. 201 is sent with the
 * message SID; an error answer `{code, message}` is retried on 429 and 5xx, failed otherwise.
 */
export function twilioMessages(
  config: TwilioAccountConfig,
  secret: string,
  fields: (message: GatewayMessage) => Record<string, string>,
  from: (number: string) => string,
): Gateway {
  const base = (config.api_base_url ?? TWILIO_API).replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${config.account_sid}/Messages.json`;
  const user = config.api_key_sid ?? config.account_sid;
  const authorization = `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
  const sender: Record<string, string> =
    config.messaging_service_sid !== undefined
      ? { MessagingServiceSid: config.messaging_service_sid }
      : { From: from(config.from ?? '') };
  return {
    async send(message, signal) {
      const answer = await postToGateway(
        url,
        {
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ ...fields(message), ...sender }).toString(),
        },
        signal,
      );
      if (isRetry(answer)) return answer;
      const sid = field(answer.json, 'sid');
      if (answer.status >= 200 && answer.status < 300)
        return typeof sid === 'string' ? { kind: 'sent', gatewayId: sid } : { kind: 'sent' };
      const code = field(answer.json, 'code');
      const text = field(answer.json, 'message');
      return refusal(
        answer,
        `Twilio answered ${answer.status}${code === undefined ? '' : ` (error ${String(code)})`}: ${typeof text === 'string' ? text : answer.text}`,
      );
    },
  };
}
