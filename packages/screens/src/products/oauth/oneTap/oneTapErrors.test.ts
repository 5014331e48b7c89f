import { en } from '@latch/protocol/catalogue';
import { describe, expect, it } from 'vitest';
import { apiOneTapError, gsiOneTapError, ONE_TAP_ERRORS } from './oneTapErrors';

describe('One Tap error states', () => {
  it("maps the start's error types and Google's not-displayed reasons to their states", () => {
    expect(apiOneTapError('oauth_config_not_found')).toBe('noOAuthConfig');
    expect(apiOneTapError('no_login_redirect_urls_set')).toBe('noLoginRedirectUrls');
    expect(apiOneTapError('no_signup_redirect_urls_set')).toBe('noSignupRedirectUrls');
    expect(apiOneTapError('default_provider_not_allowed')).toBe('defaultProviderNotAllowed');
    expect(apiOneTapError('too_many_requests')).toBeNull();
    expect(gsiOneTapError('unregistered_origin')).toBe('originNotAllowed');
    expect(gsiOneTapError('invalid_client')).toBe('invalidClient');
    expect(gsiOneTapError('opt_out_or_no_session')).toBeNull();
  });

  it('has a catalogue message for each state, every one linking to the One Tap docs', () => {
    for (const { id } of Object.values(ONE_TAP_ERRORS)) {
      expect(en[id]).toMatch(
        /^One Tap cannot render because .* https:\/\/latch\.dev\/docs\/oauth#google-one-tap$/,
      );
    }
  });
});
