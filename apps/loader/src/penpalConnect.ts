import { connect, WindowMessenger } from 'penpal';
import type { FrameMethods } from '@latch/protocol';
import type { ConnectFrame } from './mountFrame';

/** The penpal parent: exact auth origin only, and a timeout so a refused frame cannot hang forever. */
export const connectFrame: ConnectFrame = (iframe, methods, authOrigin) => {
  const remoteWindow = iframe.contentWindow;
  if (!remoteWindow) throw new Error('Latch: the frame has no window; is its container in the document?');
  return connect<FrameMethods>({
    messenger: new WindowMessenger({ remoteWindow, allowedOrigins: [authOrigin] }),
    methods,
    timeout: 10_000,
  });
};
