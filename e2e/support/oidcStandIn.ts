/**
 * The OpenID Connect stand-in of the e2e run (global-setup starts it): the fixture project's
 * `microsoft` provider is configured with this client and its issuer, so "Continue with Microsoft"
 * signs in at a real OIDC provider on 127.0.0.1 (it accepts every login and password).
 */
export const OIDC_STAND_IN = {
  type: 'microsoft',
  name: 'Microsoft',
  clientId: 'e2e-oidc-client',
  clientSecret: 'e2e-oidc-client-secret',
  secretEnv: 'LATCH_E2E_OIDC_CLIENT_SECRET',
} as const;
