import { describe, expect, it } from 'vitest';
import { testConfig, testProject } from '../../test/testConfig';
import { createDefaultConfig } from './defaultConfig';
import { parseConfig } from './parseConfig';

/** The error for a config whose first project has `patch` applied. */
function errorFor(patch: Record<string, unknown>): string {
  const project = Object.fromEntries(
    Object.entries({ ...testProject(), ...patch }).filter(([, v]) => v !== undefined),
  );
  const parsed = parseConfig({ projects: [project] });
  if (parsed.ok) throw new Error('expected the config to be refused');
  return parsed.error;
}

describe('parseConfig', () => {
  it('accepts the test fixture and the default dev project', () => {
    expect(parseConfig(testConfig())).toEqual({ ok: true, config: testConfig() });
    expect(parseConfig(createDefaultConfig()).ok).toBe(true);
  });

  it('fills defaults for the optional lists and switches', () => {
    const {
      rbac_scopes: _r,
      oauth_providers: _o,
      connected_apps: _c,
      redirect_urls: _u,
      ...minimal
    } = testProject();
    const parsed = parseConfig({ projects: [{ ...minimal, display_watermark: undefined }] });
    expect(parsed.ok && parsed.config.projects[0]).toMatchObject({
      rbac_scopes: [],
      oauth_providers: [],
      connected_apps: [],
      redirect_urls: [],
      display_watermark: true,
    });
  });

  it.each([
    [
      { authorized_origins: ['http://127.0.0.1:3000', 'http://x/'] },
      'projects[0].authorized_origins[1]: "http://x/" is not an origin (no path allowed)',
    ],
    [
      { authorized_origins: ['https://*.example.com'] },
      'projects[0].authorized_origins[0]: "https://*.example.com" has a wildcard; list each origin exactly',
    ],
    [
      { authorized_origins: ['HTTP://Example.com'] },
      'projects[0].authorized_origins[0]: "HTTP://Example.com" is not a normalized origin; write "http://example.com"',
    ],
    [
      { authorized_origins: ['https://example.com:443'] },
      'projects[0].authorized_origins[0]: "https://example.com:443" is not a normalized origin; write "https://example.com"',
    ],
    [
      { authorized_origins: ['example.com'] },
      'projects[0].authorized_origins[0]: "example.com" is not an origin like "https://example.com"',
    ],
    [
      { authorized_origins: ['chrome-extension://abc'] },
      'projects[0].authorized_origins[0]: "chrome-extension://abc" must use http or https',
    ],
    [{ authorized_origins: [] }, 'projects[0].authorized_origins: expected at least 1 item'],
    [
      { redirect_urls: ['http://localhost:3000'] },
      'projects[0].redirect_urls[0]: "http://localhost:3000" is not normalized; write "http://localhost:3000/"',
    ],
    [
      { redirect_urls: ['http://localhost:3000/#x'] },
      'projects[0].redirect_urls[0]: "http://localhost:3000/#x" must not have a fragment',
    ],
    [
      { public_token: 'pk_123' },
      'projects[0].public_token: "pk_123" must look like "public-token-test-<id>" or "public-token-live-<id>"',
    ],
    [{ test: false }, 'projects[0].test: is false but the public token is a test token'],
    [{ secret: undefined }, 'projects[0].secret: is required'],
    [{ name: 3 }, 'projects[0].name: expected a string, got 3'],
    [{ authorised_origins: [] }, 'projects[0].authorised_origins: unknown key'],
    [
      { authorized_origins: undefined, authorised_origins: ['http://127.0.0.1:3000'] },
      'projects[0].authorised_origins: unknown key',
    ],
    [{ smtp: [] }, 'projects[0].smtp: expected an object, got an array'],
    [
      { smtp: { host: 'smtp.example', port: 587, from: 'a@b.c', pasword: 'x' } },
      'projects[0].smtp.pasword: unknown key',
    ],
    [
      { smtp: { host: 'smtp.example', port: 587, from: 'a@b.c', user: 'apikey', password: 'inline' } },
      'projects[0].smtp.password: is not accepted in the config file: put the password in an environment variable and name it in "password_env"',
    ],
    [
      { smtp: { host: 'smtp.example', port: 587, from: 'a@b.c', password_env: 'smtp password' } },
      'projects[0].smtp.password_env: must be an environment variable name like "GOOGLE_CLIENT_SECRET"',
    ],
    [
      { email_template: { primary_color: 'orange' } },
      'projects[0].email_template.primary_color: is not a colour like "#1a73e8"',
    ],
    [{ email_template: { logo_url: 'javascript:alert(1)' } }, 'projects[0].email_template.logo_url: '],
    [
      { password_policy: { type: 'luds', luds_complexity: 2, luds_minimum_cont: 8 } },
      'projects[0].password_policy.luds_minimum_cont: unknown key',
    ],
    [
      { password_policy: { type: 'luds', luds_complexity: 5, luds_minimum_count: 8 } },
      'projects[0].password_policy.luds_complexity: expected an integer from 1 to 4, got 5',
    ],
    [
      { password_policy: { type: 'strong' } },
      'projects[0].password_policy: expected {"type":"zxcvbn"} or {"type":"luds","luds_complexity":n,"luds_minimum_count":n}, got an object',
    ],
    [
      { oauth_providers: [{ type: 'google' }] },
      'projects[0].oauth_providers[0]: needs client_id and client_secret_env, or "dev_idp": true',
    ],
    [
      { oauth_providers: [{ type: 'github', client_id: 'x', client_secret: 'inline' }] },
      'projects[0].oauth_providers[0].client_secret: is not accepted in the config file: put the secret in an environment variable and name it in "client_secret_env"',
    ],
    [
      { oauth_providers: [{ type: 'apple', client_id: 'x', client_secret_env: 'APPLE' }] },
      'projects[0].oauth_providers[0]: needs client_id, team_id, key_id and private_key_env, or "dev_idp": true',
    ],
    [
      { oauth_providers: [{ type: 'github', client_id: 'x', client_secret_env: 'not a name' }] },
      'projects[0].oauth_providers[0].client_secret_env: must be an environment variable name like "GOOGLE_CLIENT_SECRET"',
    ],
    [
      {
        oauth_providers: [
          {
            type: 'gitlab',
            client_id: 'x',
            client_secret_env: 'GL',
            endpoints: { issuer: 'http://gitlab.example' },
          },
        ],
      },
      'projects[0].oauth_providers[0].endpoints.issuer: "http://gitlab.example" must use https (http only on localhost, 127.x.x.x or [::1])',
    ],
    [
      { oauth_providers: [{ type: 'myspace', dev_idp: true }] },
      'projects[0].oauth_providers[0].type: expected one of google',
    ],
    [
      { passkey_domain: '127.0.0.1' },
      'projects[0].passkey_domain: "127.0.0.1" is an IP address; a passkey domain must be a host name',
    ],
    [
      { passkey_domain: 'https://localhost' },
      'projects[0].passkey_domain: "https://localhost" is not a lower-case host name (no scheme, port or path)',
    ],
    [
      {
        connected_apps: [
          {
            client_id: 'c',
            client_name: 'App',
            client_type: 'third_party',
            redirect_urls: ['https://app.example/cb'],
          },
          {
            client_id: 'c',
            client_name: 'B',
            client_type: 'first_party',
            redirect_urls: ['https://b.example/cb'],
          },
        ],
      },
      'projects[0].connected_apps[1].client_id: is used twice',
    ],
    [
      { idp_authorization_url: 'https://elsewhere.example/authorize' },
      'projects[0].idp_authorization_url: is not on one of the authorized_origins',
    ],
    [
      { idp_authorization_url: 'http://127.0.0.1:3000/authorize#x' },
      'projects[0].idp_authorization_url: "http://127.0.0.1:3000/authorize#x" must not have a fragment',
    ],
  ])('refuses %j with "%s"', (patch, message) => {
    expect(errorFor(patch)).toContain(message);
  });

  it('takes the delivery settings, and refuses ones out of range', () => {
    const delivery = {
      send_timeout_seconds: 10,
      first_retry_seconds: 5,
      max_retry_seconds: 300,
      max_attempts: 8,
      max_unrecorded: 4,
    };
    expect(parseConfig({ ...testConfig(), delivery })).toEqual({
      ok: true,
      config: { ...testConfig(), delivery },
    });
    expect(parseConfig({ ...testConfig(), delivery: { max_attempts: 0 } })).toEqual({
      ok: false,
      error: 'delivery.max_attempts: expected an integer from 1 to 100, got 0',
    });
  });

  it('accepts an authorization page on one of the authorized origins', () => {
    const project = testProject({ idp_authorization_url: 'http://127.0.0.1:3000/oauth/authorize' });
    expect(parseConfig({ ...testConfig(), projects: [project] })).toEqual({
      ok: true,
      config: { ...testConfig(), projects: [project] },
    });
  });

  it('treats a key set to undefined as absent', () => {
    expect(parseConfig({ projects: [{ ...testProject(), secret: undefined }] })).toEqual({
      ok: false,
      error: 'projects[0].secret: is required',
    });
  });

  it('refuses a public token or project id used by two projects', () => {
    const parsed = parseConfig({
      projects: [testProject(), testProject({ project_id: 'project-test-other' })],
    });
    expect(parsed).toEqual({
      ok: false,
      error:
        'projects[1].public_token: "public-token-test-11111111-1111-4111-8111-111111111111" is also used by projects[0]',
    });
  });

  it('refuses a file without projects', () => {
    expect(parseConfig({ projects: [] })).toEqual({ ok: false, error: 'projects: expected at least 1 item' });
    expect(parseConfig([])).toEqual({ ok: false, error: '(root): expected an object, got an array' });
  });
});
