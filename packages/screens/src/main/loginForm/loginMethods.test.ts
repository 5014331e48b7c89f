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
});
