import { describe, expect, it } from 'vitest';
import type { LoginConfig } from './config';
import { oneTapProvider } from './oneTapProvider';

const google = { type: 'google' as const, one_tap: true };

describe('oneTapProvider', () => {
  it('is the Google provider when OAuth alone has a single Google provider with one_tap', () => {
    const config: LoginConfig = { products: ['oauth'], oauthOptions: { providers: [google] } };
    expect(oneTapProvider(config)).toEqual(google);
    // A repeated entry is one provider (the buttons show it once too).
    expect(
      oneTapProvider({ products: ['oauth', 'oauth'], oauthOptions: { providers: [google, google] } }),
    ).toEqual(google);
  });

  it('is null with another product, another provider, or one_tap not set', () => {
    expect(
      oneTapProvider({ products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: [google] } }),
    ).toBeNull();
    expect(
      oneTapProvider({ products: ['oauth'], oauthOptions: { providers: [google, { type: 'github' }] } }),
    ).toBeNull();
    expect(
      oneTapProvider({ products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } }),
    ).toBeNull();
    expect(
      oneTapProvider({
        products: ['oauth'],
        oauthOptions: { providers: [{ type: 'github', one_tap: true }] },
      }),
    ).toBeNull();
    expect(oneTapProvider({ products: ['oauth'] })).toBeNull();
  });
});
