import type { BootstrapResponse } from './bootstrap';
import type { AuthenticateResponse, User, WebAuthnRegistration } from './models';

/**
 * The provider's SDK endpoints (paths under /sdk/v1), one entry per operation of API.md.
 * A new endpoint is added here first; the client and the provider both type against this map.
 */
export interface SdkEndpoints {
  'POST /magic_links/email/login_or_create': {
    body: {
      email: string;
      login_magic_link_url?: string;
      signup_magic_link_url?: string;
      login_expiration_minutes?: number;
      signup_expiration_minutes?: number;
      login_template_id?: string;
      signup_template_id?: string;
      locale?: string;
      code_challenge?: string;
      create_user_as_pending?: boolean;
    };
    response: Record<string, never>;
  };
  'POST /magic_links/authenticate': {
    body: { token: string; session_duration_minutes: number; code_verifier?: string };
    response: AuthenticateResponse & { method_id: string };
  };
  'POST /oauth/authenticate': {
    body: { token: string; session_duration_minutes: number; code_verifier?: string };
    response: AuthenticateResponse & {
      provider_subject: string;
      provider_type: string;
      provider_values: Record<string, unknown>;
    };
  };
  'POST /otps/email/login_or_create': {
    body: {
      email: string;
      expiration_minutes: number;
      locale?: string;
      login_template_id?: string;
      signup_template_id?: string;
    };
    response: { method_id: string };
  };
  'POST /otps/sms/login_or_create': {
    body: { phone_number: string; expiration_minutes: number; locale?: string };
    response: { method_id: string };
  };
  'POST /otps/whatsapp/login_or_create': {
    body: { phone_number: string; expiration_minutes: number; locale?: string };
    response: { method_id: string };
  };
  'POST /otps/authenticate': {
    body: { token: string; method_id: string; session_duration_minutes: number };
    response: AuthenticateResponse & { method_id: string };
  };
  'POST /users/search': {
    body: { email: string };
    response: { userType: 'new' | 'password' | 'passwordless' };
  };
  'POST /passwords/strength_check': {
    body: { email?: string; password: string };
    response: PasswordStrengthResponse;
  };
  'POST /passwords': {
    body: { email: string; password: string; session_duration_minutes: number };
    response: AuthenticateResponse & { email_id: string };
  };
  'POST /passwords/authenticate': {
    body: { email: string; password: string; session_duration_minutes: number };
    response: AuthenticateResponse;
  };
  'POST /passwords/email/reset/start': {
    body: {
      email: string;
      login_redirect_url?: string;
      reset_password_redirect_url?: string;
      reset_password_expiration_minutes?: number;
      reset_password_template_id?: string;
      locale?: string;
      code_challenge?: string;
    };
    response: Record<string, never>;
  };
  'POST /passwords/email/reset': {
    body: { token: string; password: string; session_duration_minutes: number; code_verifier?: string };
    response: AuthenticateResponse;
  };
  'POST /webauthn/register/start': {
    body: {
      domain: string;
      authenticator_type?: 'platform' | 'cross-platform';
      return_passkey_credential_options: boolean;
      user_agent: string;
    };
    response: { user_id: string; public_key_credential_creation_options: string };
  };
  'POST /webauthn/register': {
    body: { public_key_credential: string; session_duration_minutes: number };
    response: AuthenticateResponse & { webauthn_registration_id: string };
  };
  'POST /webauthn/authenticate/start/primary': {
    body: { domain: string; return_passkey_credential_options: boolean };
    response: { public_key_credential_request_options: string };
  };
  'POST /webauthn/authenticate/start/secondary': {
    body: { domain: string; return_passkey_credential_options: boolean };
    response: { public_key_credential_request_options: string };
  };
  'POST /webauthn/authenticate': {
    body: { public_key_credential: string; session_duration_minutes: number };
    response: AuthenticateResponse & { webauthn_registration_id: string };
  };
  'POST /crypto_wallets/authenticate/start/primary': {
    body: CryptoWalletStartBody;
    response: { challenge: string };
  };
  'POST /crypto_wallets/authenticate/start/secondary': {
    body: CryptoWalletStartBody;
    response: { challenge: string };
  };
  'POST /crypto_wallets/authenticate': {
    body: {
      crypto_wallet_address: string;
      crypto_wallet_type: 'ethereum' | 'solana';
      signature: string;
      session_duration_minutes: number;
    };
    response: AuthenticateResponse;
  };
  'GET /users/me': { body: undefined; response: User };
  'POST /sessions/authenticate': {
    body: { session_duration_minutes?: number };
    response: AuthenticateResponse;
  };
  'POST /sessions/revoke': { body: Record<string, never>; response: Record<string, never> };
  'POST /events': { body: EventLogEntry[]; response: Record<string, never> };
  'POST /idp/oauth/authorize/start': { body: IdpAuthorizeParams; response: IdpAuthorizeStartResponse };
  'POST /idp/oauth/authorize/submit': {
    body: IdpAuthorizeParams & { consent_granted: boolean };
    response: { redirect_uri: string; authorization_code?: string };
  };
  'POST /oauth/logout/start': {
    body: IdpLogoutParams;
    response: { redirect_uri: string; consent_required: boolean };
  };
}

/** The OAuth authorize request the identity-provider screen forwards (API.md "IDP authorize start"). */
export interface IdpAuthorizeParams {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  scopes: string[];
  prompt?: string;
  state?: string;
  nonce?: string;
  code_challenge?: string;
}

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

export interface IdpLogoutParams {
  client_id: string;
  post_logout_redirect_uri: string;
  state?: string;
  id_token_hint?: string;
}

/** Endpoints whose path carries an id; the client builds them with `callPath`. */
export interface SdkPathEndpoints {
  'GET /projects/bootstrap/{public_token}': { body: undefined; response: BootstrapResponse };
  'PUT /webauthn/update/{webauthn_registration_id}': {
    body: { name: string };
    response: { webauthn_registration: WebAuthnRegistration };
  };
  'DELETE /users/webauthn_registrations/{webauthn_registration_id}': {
    body: undefined;
    response: { user_id: string };
  };
}

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

export interface EventLogEntry {
  telemetry: Record<string, unknown>;
  event: {
    public_token: string;
    event_name: string;
    details: Record<string, unknown>;
    error_code?: string;
    error_description?: string;
  };
}

export type SdkOperation = keyof SdkEndpoints;
export type SdkBody<K extends SdkOperation> = SdkEndpoints[K]['body'];
export type SdkResponse<K extends SdkOperation> = SdkEndpoints[K]['response'];

/** Crypto authenticate start (API.md): the wallet to challenge, and optional SIWE fields. */
export interface CryptoWalletStartBody {
  crypto_wallet_address: string;
  crypto_wallet_type: 'ethereum' | 'solana';
  siwe_params?: { statement?: string; chain_id?: number; resources?: string[] };
}
