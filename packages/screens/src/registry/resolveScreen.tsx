import { lazy, type ComponentType } from 'react';
import type { Product } from '@latch/protocol';
import { SCREENS, type Screen } from '../flow/screens';
import { INTERNAL_PRODUCTS, PRODUCT_REGISTRY } from './products';

const internal = Object.values(INTERNAL_PRODUCTS);
const owners = [...Object.values(PRODUCT_REGISTRY), ...internal];

/**
 * One lazy component per screen, made once at module scope: rendering one fetches the module of
 * the product that owns it, so unconfigured products are never loaded.
 */
export const SCREEN_COMPONENTS: Partial<Record<Screen, ComponentType>> = Object.fromEntries(
  SCREENS.flatMap((screen) => {
    const owner = owners.find((p) => p.screens.includes(screen));
    if (!owner) return [];
    const component = lazy(async () => ({ default: (await owner.load()).screens[screen] ?? MissingScreen }));
    return [[screen, component]];
  }),
);

function MissingScreen() {
  return null;
}

/** Whether a configured product offers this screen. */
export function isScreenConfigured(products: readonly Product[], screen: Screen): boolean {
  return (
    products.some((p) => PRODUCT_REGISTRY[p].screens.includes(screen)) ||
    internal.some((p) => p.screens.includes(screen))
  );
}

/**
 * Main's blocks in product order, each once (EML, OTP and passwords share the login form); the
 * passkey button comes first, as in Stytch's Main.
 */
export function mainBlocks(products: readonly Product[]) {
  const blocks = [...new Set(products.map((p) => PRODUCT_REGISTRY[p].mainBlock))];
  return blocks.includes('passkeyButton')
    ? ['passkeyButton' as const, ...blocks.filter((b) => b !== 'passkeyButton')]
    : blocks;
}
