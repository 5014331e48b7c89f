import { lazy, type ComponentType } from 'react';
import type { Screen } from '../flow/screens';
import { PRODUCTS, type ProductId } from './products';

/** A registry entry seen from outside its product. */
interface Owner {
  id: ProductId;
  screens: readonly Screen[];
  load: () => Promise<{ screens: Partial<Record<Screen, ComponentType>> }>;
}

const owners: Owner[] = (Object.keys(PRODUCTS) as ProductId[]).map((id) => ({ id, ...PRODUCTS[id] }));

/**
 * One lazy component per screen, made once at module scope: rendering one fetches the module of
 * the product that owns it, so unconfigured products are never loaded.
 */
export const SCREEN_COMPONENTS: Partial<Record<Screen, ComponentType>> = Object.fromEntries(
  owners.flatMap((owner) =>
    owner.screens.map((screen) => [
      screen,
      lazy(async () => {
        const { screens } = await owner.load();
        return { default: screens[screen] ?? MissingScreen };
      }),
    ]),
  ),
);

function MissingScreen() {
  return null;
}

/** Whether one of these products owns the screen. */
export function isScreenConfigured(products: readonly ProductId[], screen: Screen): boolean {
  return owners.some((p) => products.includes(p.id) && p.screens.includes(screen));
}
