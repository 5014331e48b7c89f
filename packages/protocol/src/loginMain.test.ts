import { describe, expect, it } from 'vitest';
import { hasEmailField, loginMethods } from './loginMain';

describe('login methods', () => {
  it('lists magic links, then passcode methods in configured order', () => {
    expect(
      loginMethods({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['whatsapp', 'sms'] } }),
    ).toEqual(['magicLink', 'whatsapp', 'sms']);
    expect(loginMethods({ products: ['otp'], otpOptions: { methods: ['email'] } })).toEqual(['otpEmail']);
    expect(loginMethods({ products: ['otp'] })).toEqual([]);
  });

  it('makes the email tab the password form when passwords are configured', () => {
    expect(loginMethods({ products: ['passwords'] })).toEqual(['password']);
    expect(
      loginMethods({
        products: ['emailMagicLinks', 'otp', 'passwords'],
        otpOptions: { methods: ['sms', 'email'] },
      }),
    ).toEqual(['password', 'sms']);
  });
});

describe('the email field on Main', () => {
  it('knows which products put an email field on Main', () => {
    expect(hasEmailField({ products: ['emailMagicLinks', 'passkeys'] })).toBe(true);
    expect(hasEmailField({ products: ['passwords', 'passkeys'] })).toBe(true);
    expect(hasEmailField({ products: ['otp', 'passkeys'], otpOptions: { methods: ['sms', 'email'] } })).toBe(
      true,
    );
    expect(hasEmailField({ products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } })).toBe(false);
    expect(hasEmailField({ products: ['oauth', 'passkeys'] })).toBe(false);
  });
});
