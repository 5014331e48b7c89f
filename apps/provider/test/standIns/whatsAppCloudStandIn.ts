import { randomBytes } from 'node:crypto';
import { isPlainObject } from '@latch/api';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { startGatewayStandIn, type GatewayStandIn, type StandInAnswer } from './gatewayStandIn';

export interface WhatsAppCloudMessage {
  id: string;
  to: string;
  template: string;
  language: string;
  /** The body's text parameter: the passcode. */
  code: string;
}

export interface WhatsAppCloudStandIn extends GatewayStandIn {
  /** The API base URL to configure (`…/v21.0`). */
  apiBaseUrl: string;
  messages: WhatsAppCloudMessage[];
}

export const WHATSAPP_PHONE_NUMBER_ID = '105954558954427';
export const WHATSAPP_ACCESS_TOKEN = 'EAAJB-stand-in-token';
export const WHATSAPP_TEMPLATE = 'verification_code';

const graphError = (status: number, code: number, message: string, details?: string): StandInAnswer => ({
  status,
  body: {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(details === undefined ? {} : { error_data: { messaging_product: 'whatsapp', details } }),
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  },
});

const textParameter = (component: unknown): string | undefined => {
  if (!isPlainObject(component) || !Array.isArray(component['parameters'])) return undefined;
  const [first]: unknown[] = component['parameters'];
  return isPlainObject(first) && first['type'] === 'text' && typeof first['text'] === 'string'
    ? first['text']
    : undefined;
};

/**
 * The WhatsApp Cloud API's messages endpoint as its reference describes it: `POST
 * /v21.0/{phone-number-id}/messages`, a bearer token, `messaging_product: "whatsapp"` and an
 * authentication template whose body and copy-code (`url`) button carry the same passcode. 200 with
 * `contacts` and `messages[0].id`; Graph errors `{error: {message, type, code, error_data}}`: 190
 * for a bad token, 132001 for an unknown template, 100 for a malformed request, 131026 for a
 * number that is not on WhatsApp.
 */
export async function startWhatsAppCloudStandIn(): Promise<WhatsAppCloudStandIn> {
  const messages: WhatsAppCloudMessage[] = [];
  const standIn = await startGatewayStandIn(
    (request) => {
      if (request.method !== 'POST' || request.path !== `/v21.0/${WHATSAPP_PHONE_NUMBER_ID}/messages`)
        return graphError(400, 100, 'Unsupported post request.');
      if (request.headers.authorization !== `Bearer ${WHATSAPP_ACCESS_TOKEN}`)
        return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
      const body: unknown = JSON.parse(request.body);
      if (!isPlainObject(body) || body['messaging_product'] !== 'whatsapp' || body['type'] !== 'template')
        return graphError(400, 100, '(#100) Invalid parameter', 'messaging_product and type are required');
      const to = body['to'];
      const template = body['template'];
      if (typeof to !== 'string' || !isPlainObject(template))
        return graphError(400, 100, '(#100) Invalid parameter', 'to and template are required');
      const language = isPlainObject(template['language']) ? template['language']['code'] : undefined;
      if (template['name'] !== WHATSAPP_TEMPLATE || typeof language !== 'string')
        return graphError(
          404,
          132001,
          'Template name does not exist in the translation',
          String(template['name']),
        );
      const components: unknown[] = Array.isArray(template['components']) ? template['components'] : [];
      const bodyCode = textParameter(components.find((c) => isPlainObject(c) && c['type'] === 'body'));
      const buttonCode = textParameter(
        components.find((c) => isPlainObject(c) && c['type'] === 'button' && c['sub_type'] === 'url'),
      );
      if (!bodyCode || bodyCode !== buttonCode || bodyCode.length > 15)
        return graphError(
          400,
          131008,
          'Required parameter is missing',
          'the code must be in the body and the button',
        );
      if (!isValidPhoneNumber(`+${to.replace(/^\+/, '')}`))
        return graphError(400, 131026, 'Message undeliverable', 'The recipient is not a valid WhatsApp user');
      const message = {
        id: `wamid.${randomBytes(24).toString('base64url')}`,
        to,
        template: template['name'],
        language,
        code: bodyCode,
      };
      messages.push(message);
      return {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to.replace(/^\+/, '') }],
          messages: [{ id: message.id }],
        },
      };
    },
    (status) =>
      status === 429
        ? { error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 } }
        : { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2 } },
    () => messages,
  );
  return Object.assign(standIn, { apiBaseUrl: `${standIn.origin}/v21.0`, messages });
}

/** A project's `whatsapp` config that sends through `standIn` with its template. */
export const metaWhatsAppConfig = (standIn: { apiBaseUrl: string }) => ({
  gateway: 'meta' as const,
  phone_number_id: WHATSAPP_PHONE_NUMBER_ID,
  access_token_env: 'WHATSAPP_ACCESS_TOKEN',
  template_name: WHATSAPP_TEMPLATE,
  template_language: 'en_US',
  api_base_url: standIn.apiBaseUrl,
});
