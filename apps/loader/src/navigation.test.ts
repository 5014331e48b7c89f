import { describe, expect, it } from 'vitest';
import { isAllowedNavigation, navigationPolicy } from './navigation';

const AUTH = 'http://localhost:4000';
const page = { origin: 'http://127.0.0.1:3000', search: '' };
const login = navigationPolicy('login', { products: ['oauth'] }, AUTH, AUTH, page);

describe('isAllowedNavigation', () => {
  it('allows OAuth start on the auth origin only', () => {
    expect(
      isAllowedNavigation(`${AUTH}/v1/public/oauth/google/start?public_token=x`, 'oauth_start', login),
    ).toBe(true);
    expect(isAllowedNavigation(`${AUTH}/sdk/v1/whatever`, 'oauth_start', login)).toBe(false);
    expect(
      isAllowedNavigation('https://evil.example/v1/public/oauth/google/start', 'oauth_start', login),
    ).toBe(false);
    expect(
      isAllowedNavigation('http://localhost:4001/v1/public/oauth/google/start', 'oauth_start', login),
    ).toBe(false);
  });

  it('refuses javascript:, data: and other non-http URLs', () => {
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,hi',
      'file:///etc/passwd',
      'not a url',
      '',
    ]) {
      expect(isAllowedNavigation(url, 'flow_redirect', login)).toBe(false);
      expect(isAllowedNavigation(url, 'oauth_start', login)).toBe(false);
    }
  });

  it('allows flow redirects to the host page origin, not elsewhere', () => {
    expect(isAllowedNavigation('http://127.0.0.1:3000/done?x=1', 'flow_redirect', login)).toBe(true);
    expect(isAllowedNavigation('https://127.0.0.1:3000/done', 'flow_redirect', login)).toBe(false);
    expect(isAllowedNavigation('http://127.0.0.1:3000.evil.com/done', 'flow_redirect', login)).toBe(false);
    expect(isAllowedNavigation('http://user:pw@127.0.0.1:3000/done', 'flow_redirect', login)).toBe(false);
    expect(isAllowedNavigation(`${AUTH}/v1/public/oauth/google/start`, 'flow_redirect', login)).toBe(false);
  });

  it('allows the origins of redirect URLs the host configured', () => {
    const policy = navigationPolicy(
      'login',
      {
        products: ['oauth'],
        oauthOptions: { providers: [], loginRedirectURL: 'https://app.example.com/auth' },
      },
      AUTH,
      AUTH,
      page,
    );
    expect(isAllowedNavigation('https://app.example.com/auth?token=1', 'flow_redirect', policy)).toBe(true);
    expect(isAllowedNavigation('https://other.example.com/auth', 'flow_redirect', policy)).toBe(false);
  });

  it('pins identity-provider redirects to the redirect_uri in the page URL', () => {
    const search = '?client_id=c&redirect_uri=https%3A%2F%2Fclient.example%2Fcb&response_type=code';
    const policy = navigationPolicy('identity-provider', { products: [] }, AUTH, AUTH, { ...page, search });
    expect(isAllowedNavigation('https://client.example/cb?code=abc&state=s', 'flow_redirect', policy)).toBe(
      true,
    );
    expect(isAllowedNavigation('https://client.example/other?code=abc', 'flow_redirect', policy)).toBe(false);
    const loginPolicy = navigationPolicy('login', { products: [] }, AUTH, AUTH, { ...page, search });
    expect(isAllowedNavigation('https://client.example/cb?code=abc', 'flow_redirect', loginPolicy)).toBe(
      false,
    );
  });

  it("lets the identity-provider flow go to a form_post page of the auth origin's issuers only", () => {
    const search = '?client_id=c&redirect_uri=https%3A%2F%2Fclient.example%2Fcb&response_mode=form_post';
    const policy = navigationPolicy('identity-provider', { products: [] }, AUTH, AUTH, { ...page, search });
    const formPost = `${AUTH}/v1/public/project-test-1/oauth2/form_post?ticket=t`;
    expect(isAllowedNavigation(formPost, 'flow_redirect', policy)).toBe(true);
    expect(isAllowedNavigation(`${AUTH}/v1/public/p/oauth2/token`, 'flow_redirect', policy)).toBe(false);
    expect(isAllowedNavigation(`${AUTH}/v1/public/a/b/oauth2/form_post`, 'flow_redirect', policy)).toBe(
      false,
    );
    expect(
      isAllowedNavigation('https://evil.example/v1/public/p/oauth2/form_post', 'flow_redirect', policy),
    ).toBe(false);
    const loginPolicy = navigationPolicy('login', { products: [] }, AUTH, AUTH, { ...page, search });
    expect(isAllowedNavigation(formPost, 'flow_redirect', loginPolicy)).toBe(false);
  });

  it('allows OAuth start on a separate API origin', () => {
    const policy = navigationPolicy('login', { products: [] }, AUTH, 'https://api.example.com/base', page);
    expect(
      isAllowedNavigation('https://api.example.com/v1/public/oauth/github/start', 'oauth_start', policy),
    ).toBe(true);
  });
});
