import type { LatchConfig, ProjectConfig } from '../src/config/configSchema';
import { defaultRateLimits } from '../src/config/rateLimitsSchema';
import { defaultEventStorage } from '../src/config/eventStorageSchema';

export const TEST_TOKEN = 'public-token-test-11111111-1111-4111-8111-111111111111';
export const LIVE_TOKEN = 'public-token-live-22222222-2222-4222-8222-222222222222';
export const AUTH_ORIGIN = 'http://localhost:4000';
export const HOST = 'http://127.0.0.1:3000';
export const OTHER_HOST = 'https://other.example';
/** `LATCH_ENCRYPTION_KEY` for provider processes the tests start with `testConfig()`'s live project. */
export const TEST_ENCRYPTION_KEY = `test-key:${Buffer.alloc(32, 7).toString('base64')}`;

export function testProject(overrides: Partial<ProjectConfig> = {}): ProjectConfig {
  return {
    project_id: 'project-test-11111111-1111-4111-8111-111111111111',
    public_token: TEST_TOKEN,
    secret: 'secret-test-0123456789abcdef',
    name: 'Test Project',
    test: true,
    authorized_origins: [HOST, 'http://localhost:3000'],
    redirect_urls: [`${HOST}/authenticate`],
    display_watermark: true,
    end_sessions_on_password_reset: true,
    password_policy: { type: 'zxcvbn' },
    rbac_scopes: [],
    oauth_providers: [],
    connected_apps: [],
    trusted_auth_token_profiles: [],
    webhooks: [],
    ...overrides,
  };
}

/** One test project on the demo host, one live project on another origin. */
export function testConfig(): LatchConfig {
  return {
    dev_routes: true,
    // In-process requests have no client address, so only destination and project budgets apply.
    rate_limits: defaultRateLimits(),
    events: defaultEventStorage(),
    projects: [
      testProject(),
      testProject({
        project_id: 'project-live-22222222-2222-4222-8222-222222222222',
        public_token: LIVE_TOKEN,
        name: 'Live Project',
        test: false,
        authorized_origins: [OTHER_HOST],
        display_watermark: false,
        password_policy: { type: 'luds', luds_complexity: 3, luds_minimum_count: 10 },
        rbac_scopes: [{ scope: 'read:docs', description: 'Read your documents' }],
      }),
    ],
  };
}

export const basic = (user: string, password = user): string =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** The headers of an SDK call as the widget on the demo host makes it: JSON, the host's Origin, Basic public token:session token. */
export const sdkHeaders = (sessionToken: string = TEST_TOKEN): Record<string, string> => ({
  Authorization: basic(TEST_TOKEN, sessionToken),
  'Content-Type': 'application/json',
  Origin: HOST,
});
