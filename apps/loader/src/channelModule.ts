// Entry of dist/loader-channel.js: penpal and the validating host methods, fetched by loader.js
// when the first frame mounts. The iframe itself is created at once, without waiting for this, and
// loader.js sizes and shows the drawn frame from its early height report meanwhile.
import { connectFrameWith, type WalletModule } from './penpalConnect';

/** The wallet relay is a third file on the auth origin, fetched only when the frame lists wallets. */
export const connectFrame = connectFrameWith(
  (authOrigin): Promise<WalletModule> => import(/* @vite-ignore */ `${authOrigin}/loader-wallets.js`),
);
