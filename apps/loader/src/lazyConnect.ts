import { assertFrameWindow } from './frameElement';
import type * as ChannelModuleExports from './channelModule';
import type { ConnectFrame, FrameConnection } from './mountFrame';

/** What `loader-channel.js` exports. */
export type ChannelModule = typeof ChannelModuleExports;

/**
 * A `ConnectFrame` that fetches the channel module first. penpal's handshake tolerates a parent
 * that starts late (the frame answers the parent's SYN whenever it arrives), and the frame's own
 * document takes longer to load than this module, so the wait costs nothing in practice.
 */
export const lazyConnect =
  (load: (authOrigin: string) => Promise<ChannelModule>): ConnectFrame =>
  (iframe, parts, authOrigin) => {
    assertFrameWindow(iframe); // Throws now, like a direct connect, so the mount fails synchronously.
    let connection: FrameConnection | undefined;
    let destroyed = false;
    return {
      promise: load(authOrigin).then((module) => {
        if (destroyed) throw new Error('Latch: the frame was unmounted');
        connection = module.connectFrame(iframe, parts, authOrigin);
        return connection.promise;
      }),
      destroy() {
        destroyed = true;
        connection?.destroy();
      },
      update: () => connection?.update(),
    };
  };
