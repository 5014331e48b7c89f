import { PRODUCTS, type ProductId, type ScreenOf } from '../registry/products';

/** Every screen of the widget (there are no URL routes): Main, then each product's own. */
export type Screen = 'Main' | ScreenOf<ProductId>;

export const SCREENS: readonly Screen[] = [
  'Main',
  ...Object.values(PRODUCTS).flatMap((product): readonly Screen[] => product.screens),
];
