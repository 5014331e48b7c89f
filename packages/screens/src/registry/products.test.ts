import { describe, expect, it } from 'vitest';
import { SCREENS } from '../flow/screens';
import { mountProducts, PRODUCTS } from './products';
import { isScreenConfigured } from './resolveScreen';

describe('the product registry', () => {
  it('gives every screen but Main to exactly one product', () => {
    const owned = Object.values(PRODUCTS).flatMap((product): readonly string[] => product.screens);
    expect(new Set(owned).size).toBe(owned.length);
    expect(['Main', ...owned]).toEqual(SCREENS);
  });

  it('shows the products a host lists, and those a kind of mount adds', () => {
    expect(mountProducts('login', ['otp', 'passkeys'])).toEqual(['otp', 'passkeys']);
    expect(mountProducts('reset-password', [])).toEqual(['passwords']);
    expect(mountProducts('reset-password', ['passwords', 'otp'])).toEqual(['passwords', 'otp']);
    expect(mountProducts('passkey-registration', ['otp'])).toEqual(['otp', 'passkeyRegistration']);
    expect(mountProducts('identity-provider', [])).toEqual(['identityProvider']);
  });

  it('offers a screen only with the product that owns it', () => {
    expect(isScreenConfigured(['otp'], 'OTPAuthenticate')).toBe(true);
    expect(isScreenConfigured(['emailMagicLinks'], 'OTPAuthenticate')).toBe(false);
    expect(isScreenConfigured(mountProducts('login', ['otp']), 'PasskeyRegistrationStart')).toBe(false);
    expect(isScreenConfigured(mountProducts('passkey-registration', []), 'PasskeyRegistrationStart')).toBe(
      true,
    );
  });
});
