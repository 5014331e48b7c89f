import { randomBytes, randomUUID } from 'node:crypto';
import type { LatchConfig } from './configSchema';

const DEV_HOSTS = ['http://127.0.0.1:3000', 'http://localhost:3000'];
const DEV_PATHS = ['/', '/authenticate', '/reset-password'];
/** The demo's pretend third-party app, signed in through the identity-provider page. */
const DEMO_APP_PATH = '/third-party-app';

/** The dev project written on first start when no LATCH_CONFIG is given (fresh random tokens). */
export function createDefaultConfig(): LatchConfig {
  return {
    projects: [
      {
        project_id: `project-test-${randomUUID()}`,
        public_token: `public-token-test-${randomUUID()}`,
        secret: `secret-test-${randomBytes(24).toString('base64url')}`,
        name: 'Latch Dev',
        test: true,
        authorized_origins: [...DEV_HOSTS],
        redirect_urls: DEV_HOSTS.flatMap((host) => DEV_PATHS.map((path) => `${host}${path}`)),
        display_watermark: true,
        password_policy: { type: 'zxcvbn' },
        rbac_scopes: [{ scope: 'read:notes', description: 'Read your notes' }],
        // Served by the built-in dev identity provider: OAuth works offline (docs/oauth.md).
        oauth_providers: [
          { type: 'google', dev_idp: true, one_tap: false },
          { type: 'github', dev_idp: true, one_tap: false },
        ],
        connected_apps: [
          {
            client_id: 'connected-app-test-demo',
            client_name: 'Demo Notes',
            client_type: 'third_party',
            client_description: 'The demo host pretending to be a third-party app.',
            redirect_urls: DEV_HOSTS.map((host) => `${host}${DEMO_APP_PATH}`),
            post_logout_redirect_urls: DEV_HOSTS.map((host) => `${host}${DEMO_APP_PATH}`),
          },
        ],
      },
    ],
  };
}
