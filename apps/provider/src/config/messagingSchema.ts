import { isPlainObject } from '@latch/api';
import { isSupportedCountry } from 'libphonenumber-js/min';
import * as v from 'valibot';
import { WEBHOOK_EVENT_TYPES } from '../webhooks/eventTypes';
import { list, oneOf } from '@latch/api';
import { endpointUrl, envName, secretInFile, strictPlainObject, text, withoutProblem } from './fieldSchemas';
import { uniqueBy } from './uniqueBy';

const e164 = v.pipe(
  text({ min: 1, max: 16 }),
  v.regex(/^\+[1-9][0-9]{7,14}$/, 'is not an E.164 number like "+15005550006"'),
);
const sid = (prefix: string) =>
  v.pipe(
    text({ min: 1, max: 64 }),
    v.regex(new RegExp(`^${prefix}[0-9a-fA-F]{32}$`), `is not a ${prefix}… SID`),
  );

/** Twilio's account and credentials: the auth token, or an API key's secret with `api_key_sid`. */
const twilioAccount = {
  account_sid: sid('AC'),
  api_key_sid: v.optional(sid('SK')),
  auth_token_env: envName,
  auth_token: secretInFile('auth_token_env'),
  /** Default https://api.twilio.com. */
  api_base_url: v.optional(endpointUrl),
};

/** Exactly one sender: a number (`from`) or a Messaging Service (`messaging_service_sid`). */
const oneSender = <T extends { from?: string | undefined; messaging_service_sid?: string | undefined }>(
  schema: v.GenericSchema<unknown, T>,
) =>
  v.pipe(
    schema,
    v.check(
      (gateway) => (gateway.from === undefined) !== (gateway.messaging_service_sid === undefined),
      'needs exactly one of "from" and "messaging_service_sid"',
    ),
  );

const twilioSms = oneSender(
  strictPlainObject({
    gateway: oneOf(['twilio']),
    ...twilioAccount,
    /** A Twilio number in E.164, or an alphanumeric sender ID where the destination allows one. */
    from: v.optional(text({ min: 1, max: 16 })),
    messaging_service_sid: v.optional(sid('MG')),
  }),
);

const vonageSms = strictPlainObject({
  gateway: oneOf(['vonage']),
  api_key: text({ min: 1, max: 64 }),
  api_secret_env: envName,
  api_secret: secretInFile('api_secret_env'),
  /** A Vonage number or an alphanumeric sender ID. */
  from: text({ min: 1, max: 16 }),
  /** Default https://rest.nexmo.com. */
  api_base_url: v.optional(endpointUrl),
});

const httpHook = strictPlainObject({
  gateway: oneOf(['http_hook']),
  url: endpointUrl,
  /** A Standard Webhooks secret (`whsec_` and base64) the hook's requests are signed with. */
  secret_env: envName,
  secret: secretInFile('secret_env'),
});

const twilioWhatsApp = oneSender(
  strictPlainObject({
    gateway: oneOf(['twilio']),
    ...twilioAccount,
    /** The WhatsApp sender's number in E.164 (sent as `whatsapp:+…`). */
    from: v.optional(e164),
    messaging_service_sid: v.optional(sid('MG')),
    /** An approved authentication template whose variable {{1}} is the passcode. */
    content_sid: sid('HX'),
  }),
);

const metaWhatsApp = strictPlainObject({
  gateway: oneOf(['meta']),
  phone_number_id: v.pipe(
    text({ min: 1, max: 32 }),
    v.regex(/^[0-9]+$/, 'is not a phone number ID (digits)'),
  ),
  access_token_env: envName,
  access_token: secretInFile('access_token_env'),
  /** An approved authentication template with a copy-code button. */
  template_name: v.pipe(text({ min: 1, max: 512 }), v.regex(/^[a-z0-9_]+$/, 'is not a template name')),
  template_language: v.optional(
    v.pipe(
      text({ min: 2, max: 16 }),
      v.regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'is not a language code like "en_US"'),
    ),
    'en_US',
  ),
  /** Default https://graph.facebook.com/v21.0. */
  api_base_url: v.optional(endpointUrl),
});

const gatewayOf = (input: unknown): unknown => (isPlainObject(input) ? input['gateway'] : undefined);
const notAGateway = (names: string) => v.custom<never>(() => false, `needs "gateway": ${names}`);
const notSms = notAGateway('"twilio", "vonage" or "http_hook"');
const notWhatsApp = notAGateway('"twilio", "meta" or "http_hook"');

/** Picked by `gateway`, so an unknown one is one error about the whole entry. */
export const smsGatewaySchema = v.lazy((input) => {
  const gateway = gatewayOf(input);
  return gateway === 'twilio'
    ? twilioSms
    : gateway === 'vonage'
      ? vonageSms
      : gateway === 'http_hook'
        ? httpHook
        : notSms;
});

export const whatsAppGatewaySchema = v.lazy((input) => {
  const gateway = gatewayOf(input);
  return gateway === 'twilio'
    ? twilioWhatsApp
    : gateway === 'meta'
      ? metaWhatsApp
      : gateway === 'http_hook'
        ? httpHook
        : notWhatsApp;
});

const countryCode = v.pipe(
  text({ min: 2, max: 2 }),
  withoutProblem((code: string) =>
    /^[A-Z]{2}$/.test(code) && isSupportedCountry(code)
      ? null
      : `${JSON.stringify(code)} is not an ISO 3166-1 alpha-2 country code with phone numbers, like "US"`,
  ),
);

/** Countries whose numbers may get SMS and WhatsApp messages; absent, every country. */
export const allowedPhoneCountriesSchema = v.optional(list(countryCode, { min: 1, max: 300 }));

const webhookEndpoint = strictPlainObject({
  url: endpointUrl,
  secret_env: envName,
  secret: secretInFile('secret_env'),
  /** The event types this endpoint gets; default every one. */
  events: v.optional(list(oneOf(WEBHOOK_EVENT_TYPES), { min: 1 }), () => [...WEBHOOK_EVENT_TYPES]),
});

export const webhooksSchema = v.optional(
  uniqueBy(list(webhookEndpoint, { max: 20 }), ['url'], () => 'is used twice'),
  () => [],
);

export type SmsGatewayConfig = v.InferOutput<typeof smsGatewaySchema>;
export type WhatsAppGatewayConfig = v.InferOutput<typeof whatsAppGatewaySchema>;
export type HttpHookConfig = v.InferOutput<typeof httpHook>;
export type TwilioAccountConfig = v.InferOutput<typeof twilioSms> | v.InferOutput<typeof twilioWhatsApp>;
export type VonageConfig = v.InferOutput<typeof vonageSms>;
export type MetaWhatsAppConfig = v.InferOutput<typeof metaWhatsApp>;
export type TwilioWhatsAppConfig = v.InferOutput<typeof twilioWhatsApp>;
export type WebhookEndpointConfig = v.InferOutput<typeof webhookEndpoint>;
