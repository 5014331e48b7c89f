import { CRYPTO_WALLET_TYPES, ERROR_TYPES } from '@latch/api';
import * as v from 'valibot';

/*
 * Every kind of row of `one_time_tokens`: its name (the `kind` column) and the Valibot schema of
 * its non-secret `data`. A token is read back only through its kind's schema (`oneTimeTokens.ts`),
 * so a flow gets its data typed, and a row whose data is not its kind's is never usable. A new
 * kind is one entry here; its name never changes once tokens of it were stored.
 */

const text = v.string();
const optionalText = v.optional(v.string());
const texts = v.array(v.string());

/** A kind whose new token replaces (marks used) the unused ones of its project with the same `data[replacesBy]`. */
const replacing = <const S extends v.GenericSchema, const K extends keyof v.InferOutput<S> & string>(
  data: S,
  replacesBy: K,
) => ({ data, replacesBy });

export const TOKEN_KINDS = {
  /** A passcode, found by its method (`method_id`: the email or phone id) and salted with its row id. */
  otp: replacing(
    v.object({ method_id: text, channel: v.picklist(['email', 'sms', 'whatsapp']) }),
    'method_id',
  ),
  /** A magic link, or a reset email's login link (`sent_with`: that email's reset token). */
  magic_link: {
    data: v.object({
      email_id: text,
      redirect_url: text,
      code_challenge: optionalText,
      sent_with: optionalText,
    }),
  },
  /** A password reset link; `auto` when the provider sent it itself, `absorbed` once the widget's own start met it. */
  password_reset: {
    data: v.object({
      email_id: text,
      redirect_url: text,
      code_challenge: optionalText,
      auto: v.optional(v.boolean()),
      absorbed: v.optional(v.boolean()),
    }),
  },
  /** What OAuth start remembers while the visitor is at the identity provider. */
  oauth_state: {
    data: v.object({
      providerType: text,
      loginRedirectUrl: text,
      signupRedirectUrl: text,
      scopes: texts,
      codeChallenge: v.nullable(text),
      popup: v.optional(v.boolean()),
      upstream: v.optional(v.object({ codeVerifier: v.nullable(text), nonce: v.nullable(text) })),
    }),
  },
  /** The landing page's token of a finished OAuth sign-in: the provider account it proved. */
  oauth: {
    data: v.object({
      registrationId: text,
      providerType: text,
      providerSubject: text,
      emailId: v.nullable(text),
      verifiedEmailId: v.nullish(text),
      scopes: texts,
      providerValues: v.optional(
        v.object({
          access_token: text,
          refresh_token: text,
          id_token: text,
          scopes: texts,
          expires_at: v.nullable(text),
        }),
      ),
      code_challenge: optionalText,
    }),
  },
  /** The landing page's token of a failed OAuth sign-in: its redemption answers the failure. */
  oauth_failure: { data: v.object({ error_type: v.picklist(ERROR_TYPES), error_message: text }) },
  /** An authorization code of the identity provider: what it was issued for. */
  idp_authorization_code: {
    data: v.object({
      client_id: text,
      redirect_uri: text,
      scopes: texts,
      nonce: optionalText,
      code_challenge: optionalText,
      auth_time: v.number(),
    }),
  },
  /** An authorization response waiting for its form_post page: where it goes, and what it posts. */
  idp_form_post: { data: v.object({ redirect_uri: text, params: v.record(v.string(), v.string()) }) },
  /** A consent screen's request, keyed by the hash of everything that shapes its code. */
  idp_consent_request: { data: v.object({}) },
  /** A wallet's sign-in challenge, keyed by the hash of its message; one live per address. */
  crypto_challenge: replacing(
    v.object({
      crypto_wallet_type: v.picklist(CRYPTO_WALLET_TYPES),
      crypto_wallet_address: text,
      message: text,
    }),
    'crypto_wallet_address',
  ),
  /** A WebAuthn ceremony's challenge, with what its start decided (its RP ID, the request's user agent...). */
  webauthn_challenge: {
    data: v.object({
      purpose: v.picklist(['registration', 'authentication']),
      context: v.optional(v.object({ rpId: text, userAgent: text, authenticatorType: text }), {
        rpId: '',
        userAgent: '',
        authenticatorType: '',
      }),
    }),
  },
  /** A trusted auth token's id, spent once attested. */
  trusted_auth_token: { data: v.object({ profile_id: text }) },
} as const;

export type TokenKind = keyof typeof TOKEN_KINDS;

/** The `data` of a token of `K`, as its schema reads it. */
export type TokenData<K extends TokenKind> = v.InferOutput<(typeof TOKEN_KINDS)[K]['data']>;
