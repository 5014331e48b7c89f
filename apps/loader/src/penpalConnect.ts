import { connect, WindowMessenger } from 'penpal';
import type { FrameMethods } from '@latch/protocol';
import { frameWindow } from './frameElement';
import { createHostMethods } from './hostMethods';
import { createMountContext } from './mountContext';
import type { ConnectFrame } from './mountFrame';
import { mountStateOf } from './mountStateOf';
import type * as WalletModuleExports from './walletModule';

/** What `loader-wallets.js` exports. */
export type WalletModule = typeof WalletModuleExports;

/**
 * The penpal parent: exact auth origin only. No timeout: the frame arrives already drawn and usable,
 * and on a slow network its scripts (and so its answer) can take longer than any fixed wait; a
 * timeout here gave up on a healthy frame and hid it. A frame that is refused or broken is
 * reported by the mount's handshake watch instead, a short grace after the iframe has loaded.
 * The wallet relay is loaded by `loadWallets` the first time the frame asks for wallets.
 */
export const connectFrameWith =
  (loadWallets: (authOrigin: string) => Promise<WalletModule>): ConnectFrame =>
  (iframe, parts, authOrigin) => {
    const wallets = () => loadWallets(authOrigin).then((module) => module.getWalletRelay(window));
    const connection = connect<FrameMethods>({
      messenger: new WindowMessenger({ remoteWindow: frameWindow(iframe), allowedOrigins: [authOrigin] }),
      methods: createHostMethods(createMountContext(parts), wallets),
    });
    let frame: FrameMethods | undefined;
    connection.promise.then((remote) => (frame = remote), ignore);
    return {
      promise: connection.promise,
      destroy: () => connection.destroy(),
      update: () => void frame?.update(mountStateOf(parts)).catch(ignore),
    };
  };

const ignore = () => {};
