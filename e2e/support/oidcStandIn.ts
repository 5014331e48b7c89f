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

/**
 * Apple at the same OpenID Connect stand-in (global-setup registers this client with an ES256
 * key): the fixture project's `apple` provider signs its JWT client secret with the private key
 * handed to the provider in `secretEnv`, and the stand-in answers with form_post as Apple does.
 */
export const APPLE_STAND_IN = {
  type: 'apple',
  name: 'Apple',
  clientId: 'com.example.e2e',
  teamId: 'E2ETEAM123',
  keyId: 'E2EKEY1234',
  secretEnv: 'LATCH_E2E_APPLE_PRIVATE_KEY',
} as const;

/**
 * The GitHub-shaped OAuth 2 stand-in of the e2e run: the fixture project's `github` provider
 * points its endpoints here (code → token → `/user` and `/user/emails`).
 */
export const GITHUB_STAND_IN = {
  type: 'github',
  name: 'Github',
  clientId: 'e2e-github-client',
  clientSecret: 'e2e-github-client-secret',
  secretEnv: 'LATCH_E2E_GITHUB_CLIENT_SECRET',
} as const;
