import { randomBytes } from 'node:crypto';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { startGatewayStandIn, type GatewayStandIn, type StandInAnswer } from './gatewayStandIn';

export interface VonageMessage {
  messageId: string;
  to: string;
  from: string;
  text: string;
  type: string;
  clientRef: string | null;
}

export interface VonageStandIn extends GatewayStandIn {
  messages: VonageMessage[];
  /** Answer the next requests with status "1" (Throttled) in a 200, as Vonage does. */
  throttle(times: number): void;
}

export const VONAGE_API_KEY = 'abcd1234';
export const VONAGE_API_SECRET = 'stand-in-secret';

const refused = (status: string, errorText: string): StandInAnswer => ({
  status: 200,
  body: { 'message-count': '1', messages: [{ status, 'error-text': errorText }] },
});

/**
 * Vonage's SMS API as its reference describes it: `POST /sms/json` with `api_key`, `api_secret`,
 * `from`, `to` (international, no "+"), `text` (and `type=unicode`, `client-ref`) as a form or
 * JSON. Always 200: a status per message, "0" for accepted, "2" for a missing parameter, "3" for
 * an invalid one (an unroutable `to`), "4" for bad credentials, "1" when throttled.
 */
export async function startVonageStandIn(): Promise<VonageStandIn> {
  const messages: VonageMessage[] = [];
  let throttled = 0;
  const standIn = await startGatewayStandIn((request) => {
    if (request.method !== 'POST' || request.path !== '/sms/json') return { status: 404, body: {} };
    const form = request.headers['content-type']?.startsWith('application/json')
      ? new URLSearchParams(JSON.parse(request.body) as Record<string, string>)
      : new URLSearchParams(request.body);
    const [key, secret, from, to, text] = ['api_key', 'api_secret', 'from', 'to', 'text'].map((k) =>
      form.get(k),
    );
    if (!key || !secret || !from || !to || !text) return refused('2', 'Missing from param');
    if (key !== VONAGE_API_KEY || secret !== VONAGE_API_SECRET) return refused('4', 'Bad Credentials');
    if (throttled > 0) {
      throttled -= 1;
      return refused('1', 'Throughput Rate Exceeded - please wait [ 1000 ] and retry');
    }
    if (to.startsWith('+') || !isValidPhoneNumber(`+${to}`)) return refused('3', 'Invalid to address');
    const message: VonageMessage = {
      messageId: randomBytes(8).toString('hex').toUpperCase(),
      to,
      from,
      text,
      type: form.get('type') ?? 'text',
      clientRef: form.get('client-ref'),
    };
    messages.push(message);
    return {
      status: 200,
      body: {
        'message-count': '1',
        messages: [
          {
            to,
            'message-id': message.messageId,
            status: '0',
            'remaining-balance': '3.14159265',
            'message-price': '0.03330000',
            network: '12345',
            ...(message.clientRef === null ? {} : { 'client-ref': message.clientRef }),
          },
        ],
      },
    };
  });
  return Object.assign(standIn, {
    messages,
    throttle: (times: number) => {
      throttled = times;
    },
  });
}
