import { lazy, type ComponentType } from 'react';
import type { MountKind, Product } from '@latch/protocol';
import type { Screen } from '../flow/screens';
import { PRODUCTS, type ProductId } from './products';

/** A registry entry seen from outside its product. */
interface Owner {
  id: ProductId;
  mount?: MountKind;
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

/** Whether this mount offers the screen: its product is configured, or added by the mount itself. */
export function isScreenConfigured(products: readonly Product[], screen: Screen): boolean {
  const owner = owners.find((p) => p.screens.includes(screen));
  return (
    owner !== undefined && (owner.mount !== undefined || (products as readonly string[]).includes(owner.id))
  );
}
