/** A role of an RBAC policy: what its holders may do, per resource. */
export interface RbacRole {
  role_id: string;
  description: string;
  permissions: { resource_id: string; actions: string[] }[];
}

/**
 * The project's RBAC policy in Stytch's shape. Stytch's SDK builds its RBAC client from `roles` and
 * `resources` as soon as bootstrap answers (it throws without them); the widget reads `scopes`.
 */
export interface RbacPolicy {
  roles: RbacRole[];
  resources: { resource_id: string; description: string; actions: string[] }[];
  scopes: { scope: string; description: string }[];
}

/** GET /sdk/v1/projects/bootstrap/{public_token}: the raw wire shape (snake_case). */
export interface BootstrapResponse {
  project_name: string;
  disable_sdk_watermark: boolean;
  cname_domain: string | null;
  email_domains: string[];
  captcha_settings: { enabled: boolean };
  pkce_required_for_email_magic_links: boolean;
  pkce_required_for_password_resets: boolean;
  pkce_required_for_oauth: boolean;
  password_config: { luds_complexity: number; luds_minimum_count: number } | null;
  /** B2B fields Stytch's consumer answer carries too; its SDK maps them whatever the vertical. */
  pkce_required_for_sso: boolean;
  slug_pattern: string | null;
  create_organization_enabled: boolean;
  /** Device fingerprinting; Latch has none. */
  dfp_protected_auth_enabled: boolean;
  rbac_policy: RbacPolicy | null;
  siwe_required_for_crypto_wallets: boolean;
  vertical: 'CONSUMER';
  /**
   * Latch's provider only: the OAuth provider types the project can sign in with, so the widget
   * can say so before it sends the visitor away. Absent (hosted Stytch): the widget does not check.
   */
  oauth_providers?: string[];
}

/** The camelCase view the widget uses. */
export interface BootstrapData {
  projectName: string;
  displayWatermark: boolean;
  emailDomains: string[];
  rbacPolicy: { scopes: { scope: string; description: string }[] } | null;
  passwordConfig: { ludsComplexity: number; ludsMinimumCount: number } | null;
  pkceRequiredForEmailMagicLinks: boolean;
  pkceRequiredForPasswordResets: boolean;
  pkceRequiredForOAuth: boolean;
  siweRequiredForCryptoWallets: boolean;
  /** The project's OAuth provider types; null when the provider does not say. */
  oauthProviders: string[] | null;
}

export const DEFAULT_BOOTSTRAP: BootstrapData = {
  projectName: '',
  displayWatermark: false,
  emailDomains: [],
  rbacPolicy: null,
  passwordConfig: null,
  pkceRequiredForEmailMagicLinks: false,
  pkceRequiredForPasswordResets: false,
  pkceRequiredForOAuth: false,
  siweRequiredForCryptoWallets: false,
  oauthProviders: null,
};

export function toBootstrapData(raw: BootstrapResponse): BootstrapData {
  return {
    projectName: raw.project_name,
    displayWatermark: !raw.disable_sdk_watermark,
    emailDomains: raw.email_domains,
    rbacPolicy: raw.rbac_policy,
    passwordConfig: raw.password_config
      ? {
          ludsComplexity: raw.password_config.luds_complexity,
          ludsMinimumCount: raw.password_config.luds_minimum_count,
        }
      : null,
    pkceRequiredForEmailMagicLinks: raw.pkce_required_for_email_magic_links,
    pkceRequiredForPasswordResets: raw.pkce_required_for_password_resets,
    pkceRequiredForOAuth: raw.pkce_required_for_oauth,
    siweRequiredForCryptoWallets: raw.siwe_required_for_crypto_wallets,
    oauthProviders: Array.isArray(raw.oauth_providers) ? raw.oauth_providers : null,
  };
}
