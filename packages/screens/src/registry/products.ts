import type { ComponentType } from 'react';
import type { MountKind, Product } from '@latch/protocol';

/**
 * One product: the screens it owns, by name (tiny, in the initial bundle), and the module with
 * their components, which Vite splits into a chunk of its own: a product that is not configured is
 * never fetched. The module's `screens` must have a component for every name listed here.
 */
interface ProductScreens<S extends string> {
  screens: readonly S[];
  load: () => Promise<{ screens: Record<NoInfer<S>, ComponentType> }>;
}

/**
 * A product a host lists (`config.products`; its block on Main is `MAIN_BLOCK_OF` in
 * @latch/protocol); `mount`, a kind of mount that shows its screens even when the host does not
 * list it.
 */
const listed = <const S extends string>(entry: ProductScreens<S> & { mount?: MountKind }) => entry;

/** A product no host lists: the kind of mount that shows its screens. */
const ofMount = <const S extends string>(entry: ProductScreens<S> & { mount: MountKind }) => entry;

/**
 * Every product of the widget, each declared once. The flow's screens (`SCREENS`) are Main and
 * the screens listed here, in this order; which screen follows which is `flow/transitions.ts`.
 */
export const PRODUCTS = {
  // Stytch's passkeyRegistration: the passkey-registration mount's screens.
  passkeyRegistration: ofMount({
    mount: 'passkey-registration',
    screens: ['PasskeyRegistrationStart', 'PasskeyRegistrationSuccess'],
    load: () => import('../products/passkeys/registrationScreens'),
  }),
  passkeys: listed({
    screens: ['PasskeyConfirmation'],
    load: () => import('../products/passkeys/screens'),
  }),
  passwords: listed({
    mount: 'reset-password',
    screens: [
      'PasswordResetForm',
      'PasswordCreateOrLogin',
      'PasswordForgot',
      'PasswordBreached',
      'PasswordSetNew',
      'PasswordDedupe',
      'PasswordConfirmation',
    ],
    load: () => import('../products/passwords/screens'),
  }),
  emailMagicLinks: listed({
    screens: ['EmailConfirmation'],
    load: () => import('../products/emailMagicLinks/screens'),
  }),
  otp: listed({
    screens: ['OTPAuthenticate', 'OTPConfirmation'],
    load: () => import('../products/otp/screens'),
  }),
  crypto: listed({
    screens: [
      'CryptoConnect',
      'CryptoSignMessage',
      'CryptoOtherScreen',
      'CryptoSetupWallet',
      'CryptoError',
      'CryptoConfirmation',
    ],
    load: () => import('../products/crypto/screens'),
  }),
  // The redirect leaves the page; only a popup sign-in (oauthOptions.mode) ends inside the widget.
  oauth: listed({
    screens: ['OAuthConfirmation'],
    load: () => import('../products/oauth/screens'),
  }),
  identityProvider: ofMount({
    mount: 'identity-provider',
    screens: ['IDPConsent'],
    load: () => import('../products/identityProvider/screens'),
  }),
} satisfies Record<Product, unknown> & Record<string, ProductScreens<string>>;

export type ProductId = keyof typeof PRODUCTS;

/** The screens of one product. */
export type ScreenOf<P extends ProductId> = (typeof PRODUCTS)[P]['screens'][number];

/** The products a mount shows: the ones the host lists, then the ones its kind adds. */
export function mountProducts(kind: MountKind, listed: readonly ProductId[]): readonly ProductId[] {
  const added = (Object.keys(PRODUCTS) as ProductId[]).filter((id) => {
    const product = PRODUCTS[id];
    return 'mount' in product && product.mount === kind && !listed.includes(id);
  });
  return added.length === 0 ? listed : [...listed, ...added];
}
