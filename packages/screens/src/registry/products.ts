import type { ComponentType } from 'react';
import type { Product } from '@latch/protocol';
import type { Screen } from '../flow/screens';

/** What a product module contributes once loaded. */
export interface ProductScreens {
  screens: Partial<Record<Screen, ComponentType>>;
}

/** The blocks Main is assembled from; several products can share one. */
export type MainBlockId = 'loginForm' | 'oauth' | 'crypto' | 'passkeyButton';

/**
 * Static facts about each product (tiny, in the initial bundle) and a loader for its screens,
 * which Vite splits into their own chunk: a product that is not configured is never fetched.
 */
export interface ProductDescriptor {
  mainBlock: MainBlockId;
  screens: readonly Screen[];
  load: () => Promise<ProductScreens>;
}

export const PRODUCT_REGISTRY: Record<Product, ProductDescriptor> = {
  emailMagicLinks: {
    mainBlock: 'loginForm',
    screens: ['EmailConfirmation'],
    load: () => import('../products/emailMagicLinks/screens'),
  },
  otp: {
    mainBlock: 'loginForm',
    screens: ['OTPAuthenticate', 'OTPConfirmation'],
    load: () => import('../products/otp/screens'),
  },
  passwords: {
    mainBlock: 'loginForm',
    screens: [
      'PasswordResetForm',
      'PasswordCreateOrLogin',
      'PasswordForgot',
      'PasswordBreached',
      'PasswordSetNew',
      'PasswordDedupe',
      'PasswordConfirmation',
    ],
    load: () => import('../products/passwords/screens'),
  },
  passkeys: {
    mainBlock: 'passkeyButton',
    screens: ['PasskeyConfirmation'],
    load: () => import('../products/passkeys/screens'),
  },
  // The redirect leaves the page; only a popup sign-in (oauthOptions.mode) ends inside the widget.
  oauth: {
    mainBlock: 'oauth',
    screens: ['OAuthConfirmation'],
    load: () => import('../products/oauth/screens'),
  },
  crypto: {
    mainBlock: 'crypto',
    screens: [
      'CryptoConnect',
      'CryptoSignMessage',
      'CryptoOtherScreen',
      'CryptoSetupWallet',
      'CryptoError',
      'CryptoConfirmation',
    ],
    load: () => import('../products/crypto/screens'),
  },
};

/**
 * Products no host configures: a mount adds them itself (Stytch's `passkeyRegistration`, the IdP screen). Their
 * screens are reached only from that mount's first screen, so they always count as configured.
 */
export const INTERNAL_PRODUCTS: Record<
  'passkeyRegistration' | 'identityProvider',
  Omit<ProductDescriptor, 'mainBlock'>
> = {
  passkeyRegistration: {
    screens: ['PasskeyRegistrationStart', 'PasskeyRegistrationSuccess'],
    load: () => import('../products/passkeys/registrationScreens'),
  },
  identityProvider: {
    screens: ['IDPConsent'],
    load: () => import('../products/identityProvider/screens'),
  },
};
