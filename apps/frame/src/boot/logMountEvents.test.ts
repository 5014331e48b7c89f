import { describe, expect, it, vi } from 'vitest';
import type { BootstrapResponse } from '@latch/api';
import { logMountEvents } from './logMountEvents';

const BOOTSTRAP: BootstrapResponse = {
  project_name: 'Acme',
  disable_sdk_watermark: false,
  cname_domain: null,
  email_domains: ['acme.test'],
  captcha_settings: { enabled: false },
  pkce_required_for_email_magic_links: false,
  pkce_required_for_password_resets: false,
  pkce_required_for_oauth: false,
  password_config: null,
  pkce_required_for_sso: false,
  slug_pattern: null,
  create_organization_enabled: false,
  dfp_protected_auth_enabled: false,
  rbac_policy: null,
  siwe_required_for_crypto_wallets: false,
  vertical: 'CONSUMER',
};

describe('a frame’s first event-log entries', () => {
  it('render_login_screen and render_idp_screen carry the same snake_case bootstrap', () => {
    const config = { products: ['emailMagicLinks' as const] };
    const login = { log: vi.fn() };
    logMountEvents(login, 'login', config, BOOTSTRAP);
    const idp = { log: vi.fn() };
    logMountEvents(idp, 'identity-provider', { products: [] }, BOOTSTRAP);
    expect(login.log.mock.calls).toEqual([
      ['sdk_instance_instantiated', {}],
      ['render_login_screen', { options: config, bootstrap: BOOTSTRAP }],
    ]);
    expect(idp.log.mock.calls).toEqual([
      ['sdk_instance_instantiated', {}],
      ['render_idp_screen', { bootstrap: BOOTSTRAP }],
    ]);
  });

  it('the other mounts render no screen event', () => {
    const log = vi.fn();
    logMountEvents({ log }, 'reset-password', { products: [] }, BOOTSTRAP);
    logMountEvents({ log }, 'passkey-registration', { products: [] }, BOOTSTRAP);
    expect(log.mock.calls.map(([name]) => name)).toEqual([
      'sdk_instance_instantiated',
      'sdk_instance_instantiated',
    ]);
  });
});
