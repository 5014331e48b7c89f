import { defaultRateLimits } from './rateLimitsSchema';
import { randomBytes, randomUUID } from 'node:crypto';
import type { LatchConfig } from './configSchema';
import { defaultEventStorage } from './eventStorageSchema';

/** The demo host's origins when `npm start` names none (its default port). */
export const DEFAULT_DEV_ORIGINS = ['http://127.0.0.1:3000', 'http://localhost:3000'];
const DEV_PATHS = ['/', '/authenticate', '/reset-password'];
/** The demo's pretend third-party app, signed in through the identity-provider page. */
const DEMO_APP_PATH = '/third-party-app';
/** The demo's authorization page: it signs the visitor in, then mounts the consent screen. */
const DEMO_IDP_PATH = '/idp';
/** The connected app the dev project lists for the demo's third-party app page. */
export const DEMO_APP_CLIENT_ID = 'connected-app-test-demo';

/** The demo pages that magic links, password resets and OAuth send the visitor back to. */
export const devRedirectUrls = (origins: readonly string[]): string[] =>
  origins.flatMap((origin) => DEV_PATHS.map((path) => `${origin}${path}`));

/** The demo's third-party app page on each origin. */
export const demoAppUrls = (origins: readonly string[]): string[] =>
  origins.map((origin) => `${origin}${DEMO_APP_PATH}`);

/** The demo's authorization page on `origin`, the dev project's `idp_authorization_url`. */
export const demoIdpUrl = (origin: string): string => `${origin}${DEMO_IDP_PATH}`;

/**
 * Whether `url` is the demo's authorization page on some local origin (what this file generates),
 * rather than a page the operator chose: only the former follows the demo to another port.
 */
export function isDemoIdpUrl(url: string): boolean {
  try {
    const { protocol, hostname, pathname, search, hash } = new URL(url);
    const local = hostname === '127.0.0.1' || hostname === 'localhost';
    return protocol === 'http:' && local && pathname === DEMO_IDP_PATH && search === '' && hash === '';
  } catch {
    return false;
  }
}

/** The dev project written on first start when no LATCH_CONFIG is given (fresh random tokens). */
export function createDefaultConfig(origins: readonly string[] = DEFAULT_DEV_ORIGINS): LatchConfig {
  return {
    dev_routes: true,
    rate_limits: defaultRateLimits(),
    events: defaultEventStorage(),
    projects: [
      {
        project_id: `project-test-${randomUUID()}`,
        public_token: `public-token-test-${randomUUID()}`,
        secret: `secret-test-${randomBytes(24).toString('base64url')}`,
        name: 'Latch Dev',
        test: true,
        authorized_origins: [...origins],
        redirect_urls: devRedirectUrls(origins),
        // The OpenID Connect authorization endpoint sends relying parties' visitors there.
        ...(origins[0] === undefined ? {} : { idp_authorization_url: demoIdpUrl(origins[0]) }),
        display_watermark: true,
        end_sessions_on_password_reset: true,
        password_policy: { type: 'zxcvbn' },
        rbac_scopes: [{ scope: 'read:notes', description: 'Read your notes' }],
        // Served by the built-in dev identity provider: OAuth works offline (docs/oauth.md).
        oauth_providers: [
          { type: 'google', dev_idp: true, one_tap: false },
          { type: 'github', dev_idp: true, one_tap: false },
        ],
        connected_apps: [
          {
            client_id: DEMO_APP_CLIENT_ID,
            client_name: 'Demo Notes',
            client_type: 'third_party',
            client_description: 'The demo host pretending to be a third-party app.',
            redirect_urls: demoAppUrls(origins),
            post_logout_redirect_urls: demoAppUrls(origins),
          },
        ],
        trusted_auth_token_profiles: [],
      },
    ],
  };
}
