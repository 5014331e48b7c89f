import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/testApp';
import { LIVE_TOKEN, TEST_TOKEN } from '../../test/testConfig';

async function bootstrap(token: string) {
  const { sdk } = testApp();
  const response = await sdk(`/projects/bootstrap/${token}`, { method: 'GET' });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

describe('GET /sdk/v1/projects/bootstrap/{public_token}', () => {
  it("answers every field Stytch's SDK reads, for a zxcvbn project with the watermark on", async () => {
    const data = await bootstrap(TEST_TOKEN);
    expect(data).toEqual({
      project_name: 'Test Project',
      disable_sdk_watermark: false,
      cname_domain: null,
      email_domains: [],
      captcha_settings: { enabled: false },
      pkce_required_for_email_magic_links: false,
      pkce_required_for_password_resets: false,
      pkce_required_for_oauth: false,
      pkce_required_for_sso: false,
      slug_pattern: null,
      create_organization_enabled: false,
      dfp_protected_auth_enabled: false,
      password_config: null,
      rbac_policy: { roles: [], resources: [], scopes: [] },
      siwe_required_for_crypto_wallets: false,
      vertical: 'CONSUMER',
      oauth_providers: [],
      request_id: expect.stringMatching(/^request-id-test-/),
      status_code: 200,
    });
  });

  it('answers the luds policy, the RBAC scopes and a hidden watermark', async () => {
    const data = await bootstrap(LIVE_TOKEN);
    expect(data['disable_sdk_watermark']).toBe(true);
    expect(data['password_config']).toEqual({ luds_complexity: 3, luds_minimum_count: 10 });
    expect(data['rbac_policy']).toEqual({
      roles: [],
      resources: [],
      scopes: [{ scope: 'read:docs', description: 'Read your documents' }],
    });
  });

  it('needs no Authorization header (the token is in the path)', async () => {
    const { app } = testApp();
    expect((await app.request(`/sdk/v1/projects/bootstrap/${TEST_TOKEN}`)).status).toBe(200);
  });
});
