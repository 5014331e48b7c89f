import { randomBytes } from 'node:crypto';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { startGatewayStandIn, type GatewayStandIn, type StandInAnswer } from './gatewayStandIn';

/** A message the stand-in accepted, with the fields Twilio would deliver. */
export interface TwilioMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string | null;
  contentSid: string | null;
  contentVariables: Record<string, string> | null;
}

export interface TwilioStandIn extends GatewayStandIn {
  messages: TwilioMessage[];
}

export const TWILIO_ACCOUNT_SID = `AC${'a1'.repeat(16)}`;
export const TWILIO_AUTH_TOKEN = 'stand-in-auth-token';

const error = (status: number, code: number, message: string): StandInAnswer => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

// Twilio numbers on a channel: `whatsapp:+15005550006`; SMS numbers are bare E.164.
const channelOf = (address: string) => (address.startsWith('whatsapp:') ? 'whatsapp' : 'sms');
const numberOf = (address: string) => address.replace(/^whatsapp:/, '');

/**
 * Twilio's Messages API as its reference describes it: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json`, Basic auth, a form with `To`, `From` or
 * `MessagingServiceSid`, and `Body` or `ContentSid` (+ `ContentVariables`). 201 with the Message
 * resource; 401 (20003) for bad credentials; 400 with 21211 for a `To` that is not a valid number,
 * 21604 without a `To`, 21602 without a body, 21910 when `To` and `From` are on different channels.
 */
export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const messages: TwilioMessage[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${TWILIO_ACCOUNT_SID}:${TWILIO_AUTH_TOKEN}`).toString('base64')}`;
  const standIn = await startGatewayStandIn(
    (request) => {
      if (
        request.method !== 'POST' ||
        request.path !== `/2010-04-01/Accounts/${TWILIO_ACCOUNT_SID}/Messages.json`
      )
        return error(404, 20404, 'The requested resource was not found');
      if (request.headers.authorization !== expectedAuth) return error(401, 20003, 'Authenticate');
      const form = new URLSearchParams(request.body);
      const to = form.get('To');
      const from = form.get('From');
      const service = form.get('MessagingServiceSid');
      const contentSid = form.get('ContentSid');
      if (!to) return error(400, 21604, "A 'To' phone number is required.");
      if (!from && !service) return error(400, 21603, "A 'From' phone number is required.");
      if (!form.get('Body') && !contentSid) return error(400, 21602, 'Message body is required.');
      if (from && channelOf(from) !== channelOf(to))
        return error(400, 21910, 'Invalid From and To pair. From and To should be of the same channel');
      if (!isValidPhoneNumber(numberOf(to)))
        return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      const variables = form.get('ContentVariables');
      const message: TwilioMessage = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        to,
        from,
        messagingServiceSid: service,
        body: form.get('Body'),
        contentSid,
        contentVariables: variables === null ? null : (JSON.parse(variables) as Record<string, string>),
      };
      messages.push(message);
      return {
        status: 201,
        body: {
          sid: message.sid,
          account_sid: TWILIO_ACCOUNT_SID,
          to,
          from,
          messaging_service_sid: service,
          body: message.body ?? '',
          status: service ? 'accepted' : 'queued',
          num_segments: '1',
          direction: 'outbound-api',
          api_version: '2010-04-01',
          date_created: new Date().toUTCString(),
          error_code: null,
          error_message: null,
        },
      };
    },
    (status) =>
      status === 429
        ? { code: 20429, message: 'Too Many Requests', status }
        : { code: 20500, message: 'Internal Server Error', status },
    () => messages,
  );
  return Object.assign(standIn, { messages });
}

/** A project's `sms` config that texts through `standIn` from +15005550006. */
export const twilioSmsConfig = (standIn: { origin: string }) => ({
  gateway: 'twilio' as const,
  account_sid: TWILIO_ACCOUNT_SID,
  auth_token_env: 'TWILIO_AUTH_TOKEN',
  from: '+15005550006',
  api_base_url: standIn.origin,
});
