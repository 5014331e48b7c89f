import { describe, expect, it } from 'vitest';
import { loginMethods } from './loginMethods';

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
