/** Shared response shapes. */

export interface UserName {
  first_name: string;
  middle_name: string;
  last_name: string;
}

export interface UserEmail {
  email_id: string;
  email: string;
  verified: boolean;
}

export interface UserPhoneNumber {
  phone_id: string;
  phone_number: string;
  verified: boolean;
}

export interface UserProvider {
  oauth_user_registration_id: string;
  provider_subject: string;
  provider_type: string;
  profile_picture_url: string;
  locale: string;
}

export interface UserCryptoWallet {
  crypto_wallet_id: string;
  crypto_wallet_address: string;
  crypto_wallet_type: 'ethereum' | 'solana';
  verified: boolean;
}

export interface WebAuthnRegistration {
  webauthn_registration_id: string;
  domain: string;
  user_agent: string;
  authenticator_type: string;
  verified: boolean;
  name: string;
}

export interface User {
  user_id: string;
  created_at: string;
  status: 'active' | 'pending';
  name: UserName;
  emails: UserEmail[];
  phone_numbers: UserPhoneNumber[];
  providers: UserProvider[];
  password: null | { password_id: string; requires_reset: boolean };
  crypto_wallets: UserCryptoWallet[];
  webauthn_registrations: WebAuthnRegistration[];
  totps: { totp_id: string; verified: boolean }[];
  roles: string[];
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
  /** The app's own id of the user, when it set one (unique within the project). */
  external_id?: string;
}

export interface AuthenticationFactor {
  type: string;
  delivery_method: string;
  last_authenticated_at: string;
  email_factor?: { email_id: string; email_address: string };
  phone_number_factor?: { phone_id: string; phone_number: string };
  webauthn_factor?: { webauthn_registration_id: string; domain: string; user_agent: string };
  crypto_wallet_factor?: {
    crypto_wallet_id: string;
    crypto_wallet_address: string;
    crypto_wallet_type: string;
  };
  oauth_factor?: { id: string; provider_subject: string; email_id?: string };
}

export interface Session {
  session_id: string;
  user_id: string;
  started_at: string;
  last_accessed_at: string;
  expires_at: string;
  attributes: { ip_address: string; user_agent: string };
  authentication_factors: AuthenticationFactor[];
  custom_claims: Record<string, unknown> | null;
  roles: string[];
}

/** The shape every authenticate-type endpoint answers with (plus endpoint extras). */
export interface AuthenticateResponse {
  user_id: string;
  user: User;
  session: Session;
  session_token: string;
  session_jwt: string;
}

/** Tokens and state that the host keeps; what crosses the channel after a sign-in. */
export interface SessionTokens {
  session_token: string;
  session_jwt: string;
}
