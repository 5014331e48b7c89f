import { defaultEventStorage, uniformRateLimits, type LatchConfig } from '@latch/provider';

export const MSW_PUBLIC_TOKEN = 'public-token-test-msw00000-0000-4000-8000-000000000000';
export const MSW_PROJECT_ID = 'project-test-msw00000-0000-4000-8000-000000000000';

/** The in-process provider's project: fixed tokens, happy-dom's default origin authorized. */
export function mswConfig(): LatchConfig {
  return {
    dev_routes: true,
    // Screen tests send many messages to a few addresses; a test of the limits sets its own.
    rate_limits: uniformRateLimits({ limit: 1_000_000, per_seconds: 60 }),
    events: defaultEventStorage(),
    projects: [
      {
        project_id: MSW_PROJECT_ID,
        public_token: MSW_PUBLIC_TOKEN,
        secret: 'secret-test-msw-0123456789abcdef',
        name: 'Latch Test',
        test: true,
        authorized_origins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
        redirect_urls: [
          'http://localhost:3000/',
          'http://localhost:3000/authenticate',
          'http://localhost:3000/reset-password',
        ],
        display_watermark: true,
        end_sessions_on_password_reset: true,
        password_policy: { type: 'zxcvbn' },
        rbac_scopes: [],
        oauth_providers: [
          { type: 'google', dev_idp: true, one_tap: false },
          { type: 'github', dev_idp: true, one_tap: false },
        ],
        connected_apps: [],
        trusted_auth_token_profiles: [],
      },
    ],
  };
}
