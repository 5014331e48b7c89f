// @vitest-environment-options {"settings":{"enableIframePageLoading":true,"navigation":{"disableChildFrameNavigation":true}}}
import { afterEach, describe, expect, it } from 'vitest';
import { createLatchClient, type ClientEnv } from './createClient';
import { preconnect } from './preconnect';
import { fakeConnect } from './testing';

function env(): ClientEnv {
  return { scriptOrigin: 'http://localhost:4000', connect: fakeConnect().connect };
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('createLatchClient', () => {
  it('serves frames from the script origin by default', () => {
    document.body.innerHTML = '<div id="a"></div>';
    const client = createLatchClient('public-token-test-defaults', {}, env());
    const handle = client.mountLogin({
      elementId: '#a',
      config: { products: ['otp'], otpOptions: { methods: ['email'] } },
    });
    expect(handle.element.querySelector('iframe')?.src).toMatch(/^http:\/\/localhost:4000\/frame\/login\?/);
  });

  it('takes an authOrigin option and reduces it to an origin', () => {
    document.body.innerHTML = '<div id="a"></div>';
    const client = createLatchClient(
      'public-token-test-origin',
      { authOrigin: 'https://auth.example.com/some/path' },
      env(),
    );
    const handle = client.mountLogin({ elementId: '#a', config: { products: ['passwords'] } });
    expect(handle.element.querySelector('iframe')?.src).toMatch(
      /^https:\/\/auth\.example\.com\/frame\/login\?/,
    );
    expect(handle.element.querySelector('iframe')?.getAttribute('allow')).toContain(
      'publickey-credentials-get https://auth.example.com;',
    );
  });

  it('refuses a missing token and non-http origins', () => {
    expect(() => createLatchClient('', {}, env())).toThrow(TypeError);
    expect(() => createLatchClient('t', { authOrigin: 'javascript:alert(1)' }, env())).toThrow(/authOrigin/);
    expect(() => createLatchClient('t', { apiBaseUrl: 'ftp://x' }, env())).toThrow(/apiBaseUrl/);
  });

  it('exposes the session API and nothing that writes it', () => {
    const client = createLatchClient('public-token-test-session', {}, env());
    expect(Object.keys(client.session).sort()).toEqual([
      'authenticate',
      'getInfo',
      'getSync',
      'getTokens',
      'onChange',
      'revoke',
    ]);
    expect(client.session.getSync()).toBeNull();
    expect(client.session.getTokens()).toBeNull();
  });
});

describe('preconnect', () => {
  it('adds one preconnect link to another origin', () => {
    preconnect('http://localhost:4000');
    preconnect('http://localhost:4000');
    preconnect(location.origin);
    const links = document.querySelectorAll('link[rel=preconnect]');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('http://localhost:4000');
  });
});
