import { describe, expect, it } from 'vitest';
import { readIdpRequest, splitScopes, wantsNoUi } from './idpParams';

describe('readIdpRequest', () => {
  it('reads an authorize request, splitting scopes on spaces and dropping empty ones', () => {
    const r = readIdpRequest(
      '?client_id=c&redirect_uri=https%3A%2F%2Fa.example%2Fcb&scope=openid++email%20%20read:x&state=s&code_challenge=abc',
    );
    expect(r).toEqual({
      flow: 'authorize',
      params: {
        client_id: 'c',
        redirect_uri: 'https://a.example/cb',
        response_type: 'code',
        scopes: ['openid', 'email', 'read:x'],
        state: 's',
        code_challenge: 'abc',
      },
    });
  });

  it('forwards the OpenID Connect extras the provider checks: response mode, PKCE method, max_age, prompt, nonce', () => {
    const r = readIdpRequest(
      '?client_id=c&redirect_uri=https://a.example/cb&response_mode=form_post&code_challenge_method=S256&max_age=300&prompt=login&nonce=n&ui_locales=fr',
    );
    expect(r.flow === 'authorize' && r.params).toMatchObject({
      response_mode: 'form_post',
      code_challenge_method: 'S256',
      max_age: '300',
      prompt: 'login',
      nonce: 'n',
    });
    // Anything the SDK calls do not accept stays behind: their bodies are strict.
    expect(r.flow === 'authorize' && 'ui_locales' in r.params).toBe(false);
  });

  it('wantsNoUi: prompt=none alone or among other values', () => {
    const params = {
      client_id: 'c',
      redirect_uri: 'https://a.example/cb',
      response_type: 'code',
      scopes: [],
    };
    expect(wantsNoUi(params)).toBe(false);
    expect(wantsNoUi({ ...params, prompt: 'none' })).toBe(true);
    expect(wantsNoUi({ ...params, prompt: 'consent none' })).toBe(true);
    expect(wantsNoUi({ ...params, prompt: 'nonesuch' })).toBe(false);
  });

  it('defaults the scopes to openid email profile', () => {
    const r = readIdpRequest('?client_id=c&redirect_uri=https://a.example/cb&scope=%20');
    expect(r.flow === 'authorize' && r.params.scopes).toEqual(['openid', 'email', 'profile']);
  });

  it('names the first missing required parameter of each flow', () => {
    expect(readIdpRequest('')).toEqual({ flow: 'missing', param: 'client_id' });
    expect(readIdpRequest('?client_id=c')).toEqual({ flow: 'missing', param: 'redirect_uri' });
    expect(readIdpRequest('?post_logout_redirect_uri=https://a.example/')).toEqual({
      flow: 'missing',
      param: 'client_id',
    });
    expect(readIdpRequest('?client_id=c&post_logout_redirect_uri=')).toEqual({
      flow: 'missing',
      param: 'post_logout_redirect_uri',
    });
  });

  it('post_logout_redirect_uri makes it a logout', () => {
    expect(readIdpRequest('?client_id=c&post_logout_redirect_uri=https://a.example/&state=z')).toEqual({
      flow: 'logout',
      params: { client_id: 'c', post_logout_redirect_uri: 'https://a.example/', state: 'z' },
    });
  });

  it('splitScopes keeps only non-empty entries', () => {
    expect(splitScopes('  a  b ')).toEqual(['a', 'b']);
  });
});
