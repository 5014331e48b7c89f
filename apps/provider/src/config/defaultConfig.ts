import { randomBytes, randomUUID } from 'node:crypto';
import type { LatchConfig } from './configSchema';

const DEV_HOSTS = ['http://127.0.0.1:3000', 'http://localhost:3000'];
const DEV_PATHS = ['/', '/authenticate', '/reset-password'];

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
        rbac_scopes: [],
        oauth_providers: [],
        connected_apps: [],
      },
    ],
  };
}
