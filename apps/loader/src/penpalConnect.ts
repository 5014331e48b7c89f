import { connect, WindowMessenger } from 'penpal';
import type { FrameMethods } from '@latch/protocol';
import { frameWindow } from './frameElement';
import { createHostMethods } from './hostMethods';
import { createMountContext } from './mountContext';
import type { ConnectFrame } from './mountFrame';
import type * as WalletModuleExports from './walletModule';

/** What `loader-wallets.js` exports. */
export type WalletModule = typeof WalletModuleExports;

/**
 * The penpal parent: exact auth origin only, and a timeout so a refused frame cannot hang forever.
 * The wallet relay is loaded by `loadWallets` the first time the frame asks for wallets.
 */
export const connectFrameWith =
  (loadWallets: (authOrigin: string) => Promise<WalletModule>): ConnectFrame =>
  (iframe, parts, authOrigin) => {
    const wallets = () => loadWallets(authOrigin).then((module) => module.getWalletRelay(window));
    return connect<FrameMethods>({
      messenger: new WindowMessenger({ remoteWindow: frameWindow(iframe), allowedOrigins: [authOrigin] }),
      methods: createHostMethods(createMountContext(parts), wallets),
      timeout: 10_000,
    });
  };
