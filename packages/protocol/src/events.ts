import type { InferOutput } from 'valibot';
import { number, object, optional, string } from './schemas';

/** Event types the widget emits to `callbacks.onEvent` and as `stytch-event` (Stytch's names). */
export const EVENT_TYPES = [
  'MAGIC_LINK_LOGIN_OR_CREATE',
  'OTP_LOGIN_OR_CREATE',
  'OTP_AUTHENTICATE',
  'CRYPTO_WALLET_AUTHENTICATE_START',
  'CRYPTO_WALLET_AUTHENTICATE',
  'PASSWORD_CREATE',
  'PASSWORD_AUTHENTICATE',
  'PASSWORD_RESET_BY_EMAIL_START',
  'PASSWORD_RESET_BY_EMAIL',
  'PASSKEY_REGISTER',
  'PASSKEY_AUTHENTICATE',
  'PASSKEY_SKIP',
  'PASSKEY_DONE',
  'AUTHENTICATE_FLOW_COMPLETE',
  'OAUTH_AUTHORIZE_FLOW_START',
  'OAUTH_AUTHORIZE_FLOW_COMPLETE',
  'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export interface WidgetEvent {
  type: EventType;
  data: Record<string, unknown>;
}

/**
 * An error as the host sees it. No stack, no internals: `message` is what the visitor was shown
 * (or would be), `error_type` the provider's code when there is one.
 */
export const widgetErrorSchema = object({
  message: string(2000),
  error_type: optional(string(200)),
  status_code: optional(number(0, 999)),
});
export type WidgetError = InferOutput<typeof widgetErrorSchema>;

/** Names of the DOM events the custom elements dispatch. */
export const DOM_EVENT = { event: 'stytch-event', error: 'stytch-error' } as const;
