import type * as v from 'valibot';
import type { BootstrapResponse } from './bootstrap';
import type { eventsBody } from './bodies/events';
import type { idpAuthorizeStartBody, idpLogoutStartBody } from './bodies/idp';
import type { SdkBodySchemas, SdkPathBodySchemas } from './bodies/sdkBodySchemas';
import type { cryptoWalletStartBody } from './bodies/wallets';
import type { AuthenticateResponse, User, WebAuthnRegistration } from './models';

/**
 * What each SDK endpoint (paths under /sdk/v1) answers, one entry per operation of the API. A new
 * endpoint is added here and to the body schema table; the client and the provider both type
 * against `SdkEndpoints`, whose bodies are inferred from that table.
 */
interface SdkResponses {
  'POST /magic_links/email/login_or_create': Record<string, never>;
  'POST /magic_links/authenticate': AuthenticateResponse & { method_id: string };
  'POST /oauth/authenticate': AuthenticateResponse & {
    provider_subject: string;
    provider_type: string;
    provider_values: Record<string, unknown>;
  };
  'POST /otps/email/login_or_create': { method_id: string };
  'POST /otps/sms/login_or_create': { method_id: string };
  'POST /otps/whatsapp/login_or_create': { method_id: string };
  'POST /otps/authenticate': AuthenticateResponse & { method_id: string };
  'POST /users/search': { userType: 'new' | 'password' | 'passwordless' };
  'POST /passwords/strength_check': PasswordStrengthResponse;
  'POST /passwords': AuthenticateResponse & { email_id: string };
  'POST /passwords/authenticate': AuthenticateResponse;
  'POST /passwords/email/reset/start': Record<string, never>;
  'POST /passwords/email/reset': AuthenticateResponse;
  'POST /webauthn/register/start': { user_id: string; public_key_credential_creation_options: string };
  'POST /webauthn/register': AuthenticateResponse & { webauthn_registration_id: string };
  'POST /webauthn/authenticate/start/primary': { public_key_credential_request_options: string };
  'POST /webauthn/authenticate/start/secondary': { public_key_credential_request_options: string };
  'POST /webauthn/authenticate': AuthenticateResponse & { webauthn_registration_id: string };
  'POST /crypto_wallets/authenticate/start/primary': { challenge: string };
  'POST /crypto_wallets/authenticate/start/secondary': { challenge: string };
  'POST /crypto_wallets/authenticate': AuthenticateResponse;
  'GET /users/me': User;
  'POST /sessions/authenticate': AuthenticateResponse;
  'POST /sessions/revoke': Record<string, never>;
  'POST /sessions/attest': AuthenticateResponse;
  'POST /events': Record<string, never>;
  'POST /idp/oauth/authorize/start': IdpAuthorizeStartResponse;
  'POST /idp/oauth/authorize/submit': { redirect_uri: string; authorization_code?: string };
  'POST /oauth/logout/start': { redirect_uri: string; consent_required: boolean };
}

/** The same for the endpoints whose path carries an id; the client builds them with `callPath`. */
interface SdkPathResponses {
  'GET /projects/bootstrap/{public_token}': BootstrapResponse;
  'PUT /webauthn/update/{webauthn_registration_id}': { webauthn_registration: WebAuthnRegistration };
  'DELETE /users/webauthn_registrations/{webauthn_registration_id}': { user_id: string };
}

export type SdkOperation = keyof SdkResponses;
export type SdkPathOperation = keyof SdkPathResponses;

/** What a caller sends: optional fields with defaults stay optional. `undefined` where there is no body. */
export type BodyInput<S> = S extends v.GenericSchema ? v.InferInput<S> : undefined;
/** What a route receives once the body is parsed: defaults filled. */
export type BodyOutput<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

type SdkEndpointMap = {
  [K in SdkOperation]: { body: BodyInput<SdkBodySchemas[K]>; response: SdkResponses[K] };
};
type SdkPathEndpointMap = {
  [K in SdkPathOperation]: { body: BodyInput<SdkPathBodySchemas[K]>; response: SdkPathResponses[K] };
};

// Interfaces rather than the mapped types themselves: TypeScript then keeps `SdkEndpoints[K]['response']`
// as one operation's type for a generic `K`, as test doubles of the client need, instead of
// simplifying it through the mapped type to the intersection of every response.
/** Body and response of each SDK operation. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- see above
export interface SdkEndpoints extends SdkEndpointMap {}
/** Body and response of each SDK operation whose path carries an id. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- see above
export interface SdkPathEndpoints extends SdkPathEndpointMap {}

export type SdkBody<K extends SdkOperation> = SdkEndpoints[K]['body'];
export type SdkBodyOutput<K extends SdkOperation> = BodyOutput<SdkBodySchemas[K]>;
export type SdkResponse<K extends SdkOperation> = SdkEndpoints[K]['response'];

/** The OAuth authorize request the identity-provider screen forwards ("IDP authorize start"). */
export type IdpAuthorizeParams = v.InferInput<typeof idpAuthorizeStartBody>;

export interface IdpClient {
  client_id: string;
  client_name: string;
  client_type: string;
  client_description: string;
  client_logo_url?: string;
}

export interface IdpScopeResult {
  scope: string;
  description: string;
  is_grantable: boolean;
}

export interface IdpAuthorizeStartResponse {
  user_id: string;
  user: User;
  client: IdpClient;
  consent_required: boolean;
  scope_results: IdpScopeResult[];
}

export type IdpLogoutParams = v.InferInput<typeof idpLogoutStartBody>;

export interface PasswordStrengthResponse {
  valid_password: boolean;
  score: number;
  breached_password: boolean;
  strength_policy: 'zxcvbn' | 'luds' | 'none';
  breach_detection_on_create: boolean;
  feedback: {
    warning: string;
    suggestions: string[];
    luds_requirements: {
      has_lower_case: boolean;
      has_upper_case: boolean;
      has_digit: boolean;
      has_symbol: boolean;
      missing_complexity: number;
      missing_characters: number;
    };
  };
}

/** One entry of the frame's event log batch (`POST /events`). */
export type EventLogEntry = v.InferInput<typeof eventsBody>[number];

/** Crypto authenticate start: the wallet to challenge, and optional SIWE fields. */
export type CryptoWalletStartBody = v.InferInput<typeof cryptoWalletStartBody>;
