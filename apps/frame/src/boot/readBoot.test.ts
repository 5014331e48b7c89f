import { describe, expect, it } from 'vitest';
import { parseBoot, readBoot } from './readBoot';
import { mountKindFromPath } from './mountKind';

const bootstrap = {
  project_name: 'Demo',
  disable_sdk_watermark: false,
  cname_domain: null,
  email_domains: ['example.com'],
  captcha_settings: { enabled: false },
  pkce_required_for_email_magic_links: false,
  pkce_required_for_password_resets: false,
  pkce_required_for_oauth: false,
  password_config: null,
  rbac_policy: null,
  siwe_required_for_crypto_wallets: false,
  vertical: 'CONSUMER',
};
const boot = {
  publicToken: 'public-token-test-1',
  projectId: 'project-test-1',
  apiBaseUrl: 'http://localhost:4000',
  allowedOrigins: ['http://127.0.0.1:3000'],
  bootstrap,
};

describe('frame boot', () => {
  it('accepts the boot JSON the provider renders', () => {
    expect(parseBoot(boot)).toEqual({ ok: true, value: boot });
  });

  it.each([
    ['a wildcard origin', { ...boot, allowedOrigins: ['*'] }],
    ['an origin with a path', { ...boot, allowedOrigins: ['http://127.0.0.1:3000/'] }],
    ['no origins', { ...boot, allowedOrigins: [] }],
    ['an API URL with a path', { ...boot, apiBaseUrl: 'http://localhost:4000/x' }],
    ['a missing token', { ...boot, publicToken: '' }],
    ['a broken bootstrap', { ...boot, bootstrap: { project_name: 1 } }],
  ])('refuses %s', (_, value) => {
    expect(parseBoot(value).ok).toBe(false);
  });

  it('reads #latch-boot and reports a missing or broken element', () => {
    const doc = document.implementation.createHTMLDocument('');
    expect(readBoot(doc)).toEqual({ ok: false, error: '#latch-boot is missing' });
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'latch-boot';
    script.textContent = '{not json';
    doc.head.append(script);
    expect(readBoot(doc)).toEqual({ ok: false, error: '#latch-boot is not JSON' });
    script.textContent = JSON.stringify(boot).replace(/</g, '\\u003c');
    expect(readBoot(doc).ok).toBe(true);
  });

  it('reads the mount kind from the path', () => {
    expect(mountKindFromPath('/frame/login')).toBe('login');
    expect(mountKindFromPath('/frame/reset-password')).toBe('reset-password');
    expect(mountKindFromPath('/frame/identity-provider/')).toBe('identity-provider');
    expect(mountKindFromPath('/frame/other')).toBe('login');
  });
});
