import type { AuthenticateResponse, ErrorType, SdkResponse } from '@latch/api';
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

type Empty = Record<string, never>;
type IdpOutcome = {
  /** The OAuth client that asked for the authorization. */
  client_id: string;
  consent_granted: boolean;
};

/**
 * Each event's `data`: mostly the provider's answer to the call that the step made (Stytch's
 * payloads). The frame emits them through a function typed by this table.
 */
export interface WidgetEventData {
  /** A magic link was sent; `email` is the address typed. */
  MAGIC_LINK_LOGIN_OR_CREATE: { email: string };
  /** A passcode was sent (or sent again) by email, text message or WhatsApp. */
  OTP_LOGIN_OR_CREATE: { method_id: string };
  /** A passcode signed the visitor in. */
  OTP_AUTHENTICATE: SdkResponse<'POST /otps/authenticate'>;
  /** The wallet was asked to sign `challenge`. */
  CRYPTO_WALLET_AUTHENTICATE_START: { challenge: string };
  CRYPTO_WALLET_AUTHENTICATE: AuthenticateResponse;
  /** A new account with a password; signed in. */
  PASSWORD_CREATE: AuthenticateResponse;
  PASSWORD_AUTHENTICATE: AuthenticateResponse;
  /** A reset email was sent. */
  PASSWORD_RESET_BY_EMAIL_START: Empty;
  /** A new password was set from a reset link; signed in. */
  PASSWORD_RESET_BY_EMAIL: AuthenticateResponse;
  PASSKEY_REGISTER: SdkResponse<'POST /webauthn/register'>;
  PASSKEY_AUTHENTICATE: SdkResponse<'POST /webauthn/authenticate'>;
  PASSKEY_SKIP: Empty;
  PASSKEY_DONE: Empty;
  /** The success screen of any sign-in was shown. */
  AUTHENTICATE_FLOW_COMPLETE: Empty;
  OAUTH_AUTHORIZE_FLOW_START: { client_id: string };
  OAUTH_AUTHORIZE_FLOW_COMPLETE: IdpOutcome;
  OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED: IdpOutcome;
}

/**
 * A widget event: `switch (event.type)` narrows `event.data` to that event's payload.
 * @example
 * onEvent: (event) => {
 *   if (event.type === 'OTP_AUTHENTICATE') console.log(event.data.user.user_id);
 * }
 */
export type WidgetEvent = { [T in EventType]: { type: T; data: WidgetEventData[T] } }[EventType];

/**
 * An error as the host sees it. No stack, no internals: `message` is what the visitor was shown
 * (or would be), `error_type` the provider's code when there is one.
 */
export const widgetErrorSchema = object({
  message: string(2000),
  error_type: optional(string(200)),
  status_code: optional(number(0, 999)),
});
export interface WidgetError {
  /** The text the visitor was shown (or would be). */
  message: string;
  /**
   * The provider's error type when the error came from it, e.g. `'otp_code_not_found'`; see the
   * errors page of the documentation for each. Another string only from a provider newer than
   * this package.
   */
  error_type?: ErrorType | (string & {}) | undefined;
  /** The provider's HTTP status, with `error_type`. */
  status_code?: number | undefined;
}

/** Names of the DOM events the custom elements dispatch. */
export const DOM_EVENT = { event: 'stytch-event', error: 'stytch-error' } as const;
