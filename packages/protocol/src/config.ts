import { OAUTH_PROVIDERS } from '@latch/api';
import type { InferOutput } from 'valibot';
import { array, boolean, number, object, oneOf, optional, record, string } from './schemas';

/** Products a login mount can offer (SPEC.md section 3, "Configuration"). */
const PRODUCTS = ['emailMagicLinks', 'otp', 'passwords', 'passkeys', 'oauth', 'crypto'] as const;
export type Product = (typeof PRODUCTS)[number];

const OTP_METHODS = ['email', 'sms', 'whatsapp'] as const;
export type OtpMethod = (typeof OTP_METHODS)[number];

export { OAUTH_PROVIDERS, type OAuthProviderType } from '@latch/api';

const url = string(2048);
const minutes = number(1, 60 * 24 * 366);

const oauthProviderSchema = object({
  type: oneOf(OAUTH_PROVIDERS),
  custom_scopes: optional(array(string(256), 50)),
  provider_params: optional(record(string(1024), 50)),
  one_tap: optional(boolean()),
  position: optional(
    oneOf(['floating', 'floatingOrEmbedded', 'embeddedOnly', 'forceLegacyEmbedded', 'embedded']),
  ),
  cancel_on_tap_outside: optional(boolean()),
});

export const loginConfigSchema = object({
  products: array(oneOf(PRODUCTS), PRODUCTS.length),
  emailMagicLinksOptions: optional(
    object({
      loginRedirectURL: optional(url),
      loginExpirationMinutes: optional(minutes),
      signupRedirectURL: optional(url),
      signupExpirationMinutes: optional(minutes),
      loginTemplateId: optional(string(256)),
      signupTemplateId: optional(string(256)),
      createUserAsPending: optional(boolean()),
      domainHint: optional(string(256)),
      locale: optional(string(16)),
    }),
  ),
  otpOptions: optional(
    object({
      methods: array(oneOf(OTP_METHODS), OTP_METHODS.length),
      expirationMinutes: optional(minutes),
      loginTemplateId: optional(string(256)),
      signupTemplateId: optional(string(256)),
      locale: optional(string(16)),
    }),
  ),
  sessionOptions: optional(object({ sessionDurationMinutes: minutes })),
  passwordOptions: optional(
    object({
      loginRedirectURL: optional(url),
      loginExpirationMinutes: optional(minutes),
      resetPasswordRedirectURL: optional(url),
      resetPasswordExpirationMinutes: optional(minutes),
      resetPasswordTemplateId: optional(string(256)),
      locale: optional(string(16)),
    }),
  ),
  oauthOptions: optional(
    object({
      providers: array(oauthProviderSchema, OAUTH_PROVIDERS.length),
      loginRedirectURL: optional(url),
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
      enableShadowDOM: optional(boolean()),
    }),
  ),
  passkeyOptions: optional(object({ domain: optional(string(253)) })),
});

export type LoginConfig = InferOutput<typeof loginConfigSchema>;
export type OAuthProviderConfig = InferOutput<typeof oauthProviderSchema>;

/** Defaults of SPEC.md section 9. */
export const DEFAULTS = {
  otpExpirationMinutes: 5,
  magicLinkExpirationMinutes: 30,
  sessionDurationMinutes: 30,
  passcodeLength: 6,
} as const;
