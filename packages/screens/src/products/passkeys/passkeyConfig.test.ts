import { describe, expect, it } from 'vitest';
import { hasEmailField, passkeyDomain } from './passkeyConfig';

describe('passkey configuration', () => {
  it('knows which products put an email field on Main', () => {
    expect(hasEmailField({ products: ['emailMagicLinks', 'passkeys'] })).toBe(true);
    expect(hasEmailField({ products: ['passwords', 'passkeys'] })).toBe(true);
    expect(hasEmailField({ products: ['otp', 'passkeys'], otpOptions: { methods: ['sms', 'email'] } })).toBe(
      true,
    );
    expect(hasEmailField({ products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } })).toBe(false);
    expect(hasEmailField({ products: ['oauth', 'passkeys'] })).toBe(false);
  });

  it('uses passkeyOptions.domain, else the frame host name', () => {
    expect(passkeyDomain({ products: [], passkeyOptions: { domain: 'example.com' } }, 'auth.test')).toBe(
      'example.com',
    );
    expect(passkeyDomain({ products: [] }, 'auth.test')).toBe('auth.test');
  });
});
