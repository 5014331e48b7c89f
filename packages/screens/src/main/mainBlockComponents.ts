import type { ComponentType } from 'react';
import type { LoginConfig } from '@latch/protocol';
import { PRODUCT_REGISTRY, type MainBlockId } from '../registry/products';
import { hasPhoneMethod, PhoneFormBlock } from './loginForm/phoneFormBlock';
import { preloadable, type Preloadable } from './preloadable';

/** Main's blocks; each is its own chunk, fetched only when a configured product needs it. */
const BLOCKS: Partial<Record<MainBlockId, Preloadable>> = {
  loginForm: preloadable(() => import('./loginForm/LoginForm')),
  passkeyButton: preloadable(() => import('../products/passkeys/PasskeyButton')),
  oauth: preloadable(() => import('../products/oauth/OAuthBlock')),
  crypto: preloadable(() => import('../products/crypto/CryptoButtons')),
};

export const MAIN_BLOCK_COMPONENTS: Partial<Record<MainBlockId, ComponentType>> = Object.fromEntries(
  Object.entries(BLOCKS).map(([id, block]) => [id, block.Component]),
);

/**
 * Starts fetching the blocks the configured products show on Main, and the phone form when a login
 * method needs it, before React asks for them (the frame calls this as soon as it knows the config).
 * Failures surface when the block renders.
 */
export function preloadMainBlocks(config: LoginConfig): void {
  for (const product of new Set(config.products)) {
    void BLOCKS[PRODUCT_REGISTRY[product].mainBlock]?.preload().catch(() => undefined);
  }
  if (hasPhoneMethod(config)) void PhoneFormBlock.preload().catch(() => undefined);
}
