import { describe, expect, it } from 'vitest';
import { configErrors } from './configErrors';

describe('configuration rules', () => {
  it('accepts magic links with OTP by text message', () => {
    expect(configErrors({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } })).toEqual(
      [],
    );
  });

  it('refuses magic links together with email OTP', () => {
    expect(
      configErrors({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms', 'email'] } }),
    ).toEqual(['config.error.emlAndEmailOtp']);
  });

  it('does not count email OTP when otp is not a product', () => {
    expect(configErrors({ products: ['emailMagicLinks'], otpOptions: { methods: ['email'] } })).toEqual([]);
  });

  it('refuses passkeys alone but not with another product', () => {
    expect(configErrors({ products: ['passkeys'] })).toEqual(['config.error.passkeysAlone']);
    expect(configErrors({ products: ['passkeys', 'emailMagicLinks'] })).toEqual([]);
  });

  it('refuses an empty product list', () => {
    expect(configErrors({ products: [] })).toEqual(['config.error.noProducts']);
  });

  it('refuses OTP without a method, whether otpOptions is missing or lists none', () => {
    expect(configErrors({ products: ['otp'] })).toEqual(['config.error.otpNoMethods']);
    expect(configErrors({ products: ['passwords', 'otp'], otpOptions: { methods: [] } })).toEqual([
      'config.error.otpNoMethods',
    ]);
    expect(configErrors({ products: ['otp'], otpOptions: { methods: ['sms'] } })).toEqual([]);
  });

  it('refuses OAuth without a provider', () => {
    expect(configErrors({ products: ['oauth'] })).toEqual(['config.error.oauthNoProviders']);
    expect(configErrors({ products: ['oauth'], oauthOptions: { providers: [] } })).toEqual([
      'config.error.oauthNoProviders',
    ]);
    expect(configErrors({ products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } })).toEqual(
      [],
    );
  });
});
