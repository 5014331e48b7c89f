// Entry of dist/loader-channel.js: penpal and the validating host methods, fetched by loader.js
// when the first frame mounts. The iframe itself is created at once, without waiting for this.
import { listenEarlyHeight } from './earlyHeight';
import type { ConnectFrame } from './mountFrame';
import { connectFrameWith, type WalletModule } from './penpalConnect';

/** The wallet relay is a third file on the auth origin, fetched only when the frame lists wallets. */
const connectPenpal = connectFrameWith(
  (authOrigin): Promise<WalletModule> => import(/* @vite-ignore */ `${authOrigin}/loader-wallets.js`),
);

/** The channel, and the drawn frame's early height until the channel is up (or the mount goes). */
export const connectFrame: ConnectFrame = (iframe, parts, authOrigin) => {
  const stopEarly = listenEarlyHeight(iframe, authOrigin, (height) => {
    parts.watch.drawn();
    parts.slot.resize(height);
  });
  const connection = connectPenpal(iframe, parts, authOrigin);
  connection.promise.then(stopEarly, stopEarly);
  return {
    promise: connection.promise,
    destroy() {
      stopEarly();
      connection.destroy();
    },
  };
};
