import { loadPhoneLib } from '../phone/loadPhoneLib';
import { loadZxcvbn } from '../products/passwords/loadZxcvbn';
import { PRODUCT_REGISTRY, INTERNAL_PRODUCTS } from '../registry/products';

/**
 * Loads every lazily imported module up front: the first transform of a chunk can take longer
 * than a `findBy` waits when the whole suite runs in parallel.
 */
export async function warmUpScreens(): Promise<void> {
  await Promise.all([
    ...Object.values(PRODUCT_REGISTRY).map((p) => p.load()),
    ...Object.values(INTERNAL_PRODUCTS).map((p) => p.load()),
    import('../main/loginForm/LoginForm'),
    import('../products/passkeys/PasskeyButton'),
    import('../products/crypto/CryptoButtons'),
    import('../products/passkeys/ceremony'),
    import('../toast/ToastOutlet'),
    loadPhoneLib(),
    loadZxcvbn(),
  ]);
}
