import { Webhook } from 'standardwebhooks';
import type { ProjectConfig } from '../../config/configSchema';
import type { SmsGatewayConfig, WhatsAppGatewayConfig } from '../../config/messagingSchema';
import type { Channel } from '../outbox';
import type { Gateway } from './Gateway';
import { httpHook } from './httpHook';
import { metaWhatsApp } from './metaWhatsApp';
import { twilioSms } from './twilioSms';
import { twilioWhatsApp } from './twilioWhatsApp';
import { vonageSms } from './vonageSms';
import { webhookEndpoints } from './webhookEndpoints';

type Env = Readonly<Record<string, string | undefined>>;

/** Thrown while building a gateway whose secret is missing or unusable. */
class GatewaySetupError extends Error {}

function secret(env: Env, name: string, what: string): string {
  const value = env[name];
  if (!value) throw new GatewaySetupError(`${what}: the environment variable ${name} is not set`);
  return value;
}

function signer(env: Env, name: string, what: string): Webhook {
  try {
    return new Webhook(secret(env, name, what));
  } catch (error) {
    if (error instanceof GatewaySetupError) throw error;
    throw new GatewaySetupError(`${what}: ${name} is not a Standard Webhooks secret ("whsec_" and base64)`);
  }
}

function smsGateway(config: SmsGatewayConfig, env: Env): Gateway {
  switch (config.gateway) {
    case 'twilio':
      return twilioSms(config, secret(env, config.auth_token_env, 'SMS gateway "twilio"'));
    case 'vonage':
      return vonageSms(config, secret(env, config.api_secret_env, 'SMS gateway "vonage"'));
    case 'http_hook':
      return httpHook(config.url, signer(env, config.secret_env, 'SMS gateway "http_hook"'));
  }
}

function whatsAppGateway(config: WhatsAppGatewayConfig, env: Env): Gateway {
  switch (config.gateway) {
    case 'twilio':
      return twilioWhatsApp(config, secret(env, config.auth_token_env, 'WhatsApp gateway "twilio"'));
    case 'meta':
      return metaWhatsApp(config, secret(env, config.access_token_env, 'WhatsApp gateway "meta"'));
    case 'http_hook':
      return httpHook(config.url, signer(env, config.secret_env, 'WhatsApp gateway "http_hook"'));
  }
}

function eventGateway(endpoints: ProjectConfig['webhooks'], env: Env): Gateway {
  return webhookEndpoints(
    new Map(endpoints.map((e) => [e.url, signer(env, e.secret_env, `Webhook endpoint ${e.url}`)])),
  );
}

/**
 * The project's configured way out for a channel: SMS and WhatsApp gateways, the event webhooks'
 * endpoints; null when the project has none (email is sent over SMTP elsewhere). A secret missing
 * from `env` gives a gateway that fails every message with the reason, so the outbox shows it.
 */
export function gatewayFor(project: ProjectConfig, channel: Channel, env: Env): Gateway | null {
  try {
    if (channel === 'sms') return project.sms ? smsGateway(project.sms, env) : null;
    if (channel === 'whatsapp') return project.whatsapp ? whatsAppGateway(project.whatsapp, env) : null;
    if (channel === 'webhook')
      return project.webhooks.length > 0 ? eventGateway(project.webhooks, env) : null;
    return null;
  } catch (error) {
    if (!(error instanceof GatewaySetupError)) throw error;
    const reason = `project "${project.name}": ${error.message}`;
    return { send: () => Promise.resolve({ kind: 'failed', reason }) };
  }
}
