import { loadPhoneLib } from '../phone/loadPhoneLib';
import { loadZxcvbn } from '../products/passwords/loadZxcvbn';
import { MAIN_BLOCKS } from '../main/mainBlocks';
import { PRODUCTS } from '../registry/products';

/**
 * Loads every lazily imported module up front: the first transform of a chunk can take longer
 * than a `findBy` waits when the whole suite runs in parallel.
 */
export async function warmUpScreens(): Promise<void> {
  await Promise.all([
    ...Object.values(PRODUCTS).map((p) => p.load()),
    ...Object.values(MAIN_BLOCKS).map((b) => b.block.preload()),
    import('../products/passkeys/ceremony'),
    import('../toast/ToastOutlet'),
    loadPhoneLib(),
    loadZxcvbn(),
  ]);
}
