import type { ComponentType } from 'react';
import type { Product } from '@latch/protocol';
import type { Screen } from '../flow/screens';

/** What a product module contributes once loaded. */
export interface ProductScreens {
  screens: Partial<Record<Screen, ComponentType>>;
}

/** The blocks Main is assembled from; several products can share one (SPEC.md section 2, Main). */
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

const notBuiltYet = (): Promise<ProductScreens> => Promise.resolve({ screens: {} });

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
  passwords: { mainBlock: 'loginForm', screens: [], load: notBuiltYet },
  passkeys: { mainBlock: 'passkeyButton', screens: [], load: notBuiltYet },
  oauth: { mainBlock: 'oauth', screens: [], load: notBuiltYet },
  crypto: { mainBlock: 'crypto', screens: [], load: notBuiltYet },
};
