import {
  hasPhoneMethod,
  MAIN_BLOCK_OF,
  type LoginConfig,
  type MainBlockId,
  type Product,
} from '@latch/protocol';
import LoginForm from './loginForm/LoginForm';
import { PhoneFormBlock } from './loginForm/phoneFormBlock';
import { eager, preloadable, type Preloadable } from './preloadable';

export interface MainBlock {
  /** Its own chunk, fetched only when a configured product needs it; the login form is the first screen's. */
  block: Preloadable;
  /** Blocks of one group sit together with no 'or' between them ("Continue with ..." buttons). */
  group?: 'social';
  /** Shown above every other block, as in Stytch's Main. */
  first?: true;
}

/** Each block of Main (which products show it: `MAIN_BLOCK_OF` in @latch/protocol). */
export const MAIN_BLOCKS: Record<MainBlockId, MainBlock> = {
  passkeyButton: { block: preloadable(() => import('../products/passkeys/PasskeyButton')), first: true },
  loginForm: { block: eager(LoginForm) },
  oauth: { block: preloadable(() => import('../products/oauth/OAuthBlock')), group: 'social' },
  crypto: { block: preloadable(() => import('../products/crypto/CryptoButtons')), group: 'social' },
};

/** Main's blocks in product order, each once (EML, OTP and passwords share the login form). */
export function mainBlocks(products: readonly Product[]): MainBlockId[] {
  const blocks = [...new Set(products.map((p) => MAIN_BLOCK_OF[p]))];
  const first = (id: MainBlockId) => (MAIN_BLOCKS[id].first ? 0 : 1);
  return blocks.sort((a, b) => first(a) - first(b));
}

/**
 * Starts fetching the blocks the configured products show on Main, and the phone form when a login
 * method needs it, before React asks for them (the frame calls this as soon as it knows the config).
 * Failures surface when the block renders.
 */
export function preloadMainBlocks(config: LoginConfig): void {
  for (const id of mainBlocks(config.products)) void MAIN_BLOCKS[id].block.preload().catch(() => undefined);
  if (hasPhoneMethod(config)) void PhoneFormBlock.preload().catch(() => undefined);
}
