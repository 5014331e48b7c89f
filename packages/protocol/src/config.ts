import { OAUTH_PROVIDERS } from '@latch/api';
import type { InferOutput } from 'valibot';
import { array, boolean, number, object, oneOf, optional, record, string } from './schemas';

/** Products a login mount can offer. */
const PRODUCTS = ['emailMagicLinks', 'otp', 'passwords', 'passkeys', 'oauth', 'crypto'] as const;
export type Product = (typeof PRODUCTS)[number];

const OTP_METHODS = ['email', 'sms', 'whatsapp'] as const;
export type OtpMethod = (typeof OTP_METHODS)[number];

export { OAUTH_PROVIDERS, type OAuthProviderType } from '@latch/api';

const url = string(2048);
const minutes = number(1, 60 * 24 * 366);

/** The length of an imported list, read in a call a bundle drops with the schema that needs it. */
/* @__NO_SIDE_EFFECTS__ */
const countOf = (list: readonly unknown[]) => list.length;

const oauthProviderSchema = object({
  /**
   * The provider of this 'Continue with ...' button.
   * @example { type: 'google' }
   */
  type: oneOf(OAUTH_PROVIDERS),
  /**
   * Scopes asked for beyond the sign-in ones.
   * @example { type: 'google', custom_scopes: ['https://www.googleapis.com/auth/calendar.readonly'] }
   */
  custom_scopes: optional(array(string(256), 50)),
  /**
   * Extra query parameters for the provider's authorization page.
   * @example { type: 'google', provider_params: { prompt: 'select_account' } }
   */
  provider_params: optional(record(string(1024), 50)),
  /**
   * Accepted for Stytch compatibility; no effect yet (reported through `onError`).
   * @example { type: 'google', one_tap: true }
   */
  one_tap: optional(boolean()),
  /**
   * Accepted for Stytch compatibility; no effect yet (reported through `onError`).
   * @example { type: 'google', one_tap: true, position: 'embedded' }
   */
  position: optional(
    oneOf(['floating', 'floatingOrEmbedded', 'embeddedOnly', 'forceLegacyEmbedded', 'embedded']),
  ),
  /**
   * Accepted for Stytch compatibility; no effect yet (reported through `onError`).
   * @example { type: 'google', one_tap: true, cancel_on_tap_outside: false }
   */
  cancel_on_tap_outside: optional(boolean()),
});

export const loginConfigSchema = object({
  /**
   * The sign-in methods, in the order shown.
   * @example products: ['emailMagicLinks', 'oauth']
   */
  products: array(oneOf(PRODUCTS), PRODUCTS.length),
  /**
   * Options of email magic links (`emailMagicLinks`).
   * @example emailMagicLinksOptions: { loginRedirectURL: 'https://app.example.com/authenticate' }
   */
  emailMagicLinksOptions: optional(
    object({
      /**
       * Where the link in a returning user's email leads (your `authenticateByUrl` page).
       * @example loginRedirectURL: 'https://app.example.com/authenticate'
       */
      loginRedirectURL: optional(url),
      /**
       * How long a login link works, in minutes; default 30.
       * @example loginExpirationMinutes: 15
       */
      loginExpirationMinutes: optional(minutes),
      /**
       * Where the link in a new user's email leads.
       * @example signupRedirectURL: 'https://app.example.com/welcome'
       */
      signupRedirectURL: optional(url),
      /**
       * How long a sign-up link works, in minutes; default 30.
       * @example signupExpirationMinutes: 60
       */
      signupExpirationMinutes: optional(minutes),
      /**
       * Login email template of a hosted provider.
       * @example loginTemplateId: 'login-email-v2'
       */
      loginTemplateId: optional(string(256)),
      /**
       * Sign-up email template of a hosted provider.
       * @example signupTemplateId: 'welcome-email-v2'
       */
      signupTemplateId: optional(string(256)),
      /**
       * A new user stays `pending` until they use the link.
       * @example createUserAsPending: true
       */
      createUserAsPending: optional(boolean()),
      /**
       * Accepted for Stytch compatibility; no effect yet (reported through `onError`).
       * @example domainHint: 'example.com'
       */
      domainHint: optional(string(256)),
      /**
       * Language of the email, for a hosted provider.
       * @example locale: 'en'
       */
      locale: optional(string(16)),
    }),
  ),
  /**
   * Options of one-time passcodes (`otp`); required with `otp`.
   * @example otpOptions: { methods: ['email', 'sms'] }
   */
  otpOptions: optional(
    object({
      /**
       * How passcodes are sent.
       * @example methods: ['sms', 'whatsapp']
       */
      methods: array(oneOf(OTP_METHODS), OTP_METHODS.length),
      /**
       * How long a passcode works, in minutes; default 5.
       * @example expirationMinutes: 10
       */
      expirationMinutes: optional(minutes),
      /**
       * Login message template of a hosted provider.
       * @example loginTemplateId: 'login-otp-v2'
       */
      loginTemplateId: optional(string(256)),
      /**
       * Sign-up message template of a hosted provider.
       * @example signupTemplateId: 'signup-otp-v2'
       */
      signupTemplateId: optional(string(256)),
      /**
       * Language of the message, for a hosted provider.
       * @example locale: 'es'
       */
      locale: optional(string(16)),
    }),
  ),
  /**
   * The session a sign-in starts.
   * @example sessionOptions: { sessionDurationMinutes: 60 * 24 * 7 }
   */
  sessionOptions: optional(
    object({
      /**
       * Length of the session a sign-in starts, in minutes; default 30.
       * @example sessionDurationMinutes: 60 * 24 * 7
       */
      sessionDurationMinutes: minutes,
    }),
  ),
  /**
   * Options of passwords (`passwords`).
   * @example passwordOptions: { resetPasswordRedirectURL: 'https://app.example.com/reset-password' }
   */
  passwordOptions: optional(
    object({
      /**
       * Where the reset email's 'log in without a password' link leads.
       * @example loginRedirectURL: 'https://app.example.com/authenticate'
       */
      loginRedirectURL: optional(url),
      /**
       * Accepted for Stytch compatibility; no effect yet (reported through `onError`).
       * @example loginExpirationMinutes: 30
       */
      loginExpirationMinutes: optional(minutes),
      /**
       * The page that calls `mountResetPassword`.
       * @example resetPasswordRedirectURL: 'https://app.example.com/reset-password'
       */
      resetPasswordRedirectURL: optional(url),
      /**
       * How long a reset link works, in minutes.
       * @example resetPasswordExpirationMinutes: 20
       */
      resetPasswordExpirationMinutes: optional(minutes),
      /**
       * Reset email template of a hosted provider.
       * @example resetPasswordTemplateId: 'reset-email-v2'
       */
      resetPasswordTemplateId: optional(string(256)),
      /**
       * Language of the reset email, for a hosted provider.
       * @example locale: 'fr'
       */
      locale: optional(string(16)),
    }),
  ),
  /**
   * Options of social sign-in (`oauth`); required with `oauth`.
   * @example oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] }
   */
  oauthOptions: optional(
    object({
      /**
       * The 'Continue with ...' buttons, in order.
       * @example providers: [{ type: 'google' }, { type: 'microsoft' }]
       */
      providers: array(oauthProviderSchema, countOf(OAUTH_PROVIDERS)),
      /**
       * Where a returning user lands after the provider (your `authenticateByUrl` page).
       * @example loginRedirectURL: 'https://app.example.com/authenticate'
       */
      loginRedirectURL: optional(url),
      /**
       * Where a new user lands after the provider.
       * @example signupRedirectURL: 'https://app.example.com/welcome'
       */
      signupRedirectURL: optional(url),
      /**
       * How 'Continue with {provider}' signs in. `'redirect'` (the default) sends the whole page to
       * the identity provider and back to `loginRedirectURL`/`signupRedirectURL`. `'popup'` opens the
       * identity provider in a popup window and signs the visitor in inside the widget, without
       * leaving the page; when the browser blocks the popup, the redirect is used.
       * @example
       * oauthOptions: { providers: [{ type: 'google' }], mode: 'popup', loginRedirectURL: 'https://app.example/authenticate' }
       */
      mode: optional(oneOf(['redirect', 'popup'])),
      /**
       * Accepted for Stytch compatibility; no effect yet (reported through `onError`).
       * @example enableShadowDOM: true
       */
      enableShadowDOM: optional(boolean()),
    }),
  ),
  /**
   * Options of passkeys (`passkeys`).
   * @example passkeyOptions: { domain: 'example.com' }
   */
  passkeyOptions: optional(
    object({
      /**
       * The passkeys' relying party id; default the auth origin's host name.
       * @example domain: 'example.com'
       */
      domain: optional(string(253)),
    }),
  ),
});

export type LoginConfig = InferOutput<typeof loginConfigSchema>;
export type OAuthProviderConfig = InferOutput<typeof oauthProviderSchema>;
