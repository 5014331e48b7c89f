import { lazy, type ComponentType } from 'react';
import type { MainBlockId } from '../registry/products';

/** Main's block components; each is its own chunk, fetched only when a configured product needs it. */
export const MAIN_BLOCK_COMPONENTS: Partial<Record<MainBlockId, ComponentType>> = {
  loginForm: lazy(() => import('./loginForm/LoginForm')),
  passkeyButton: lazy(() => import('../products/passkeys/PasskeyButton')),
  oauth: lazy(() => import('../products/oauth/OAuthButtons')),
  crypto: lazy(() => import('../products/crypto/CryptoButtons')),
};
