import { connect, WindowMessenger } from 'penpal';
import type { FrameMethods } from '@latch/protocol';
import { frameWindow } from './frameElement';
import { createHostMethods } from './hostMethods';
import type { ConnectFrame } from './mountFrame';

/** The penpal parent: exact auth origin only, and a timeout so a refused frame cannot hang forever. */
export const connectFrame: ConnectFrame = (iframe, ctx, authOrigin) => {
  return connect<FrameMethods>({
    messenger: new WindowMessenger({ remoteWindow: frameWindow(iframe), allowedOrigins: [authOrigin] }),
    methods: createHostMethods(ctx),
    timeout: 10_000,
  });
};
