import { connect, WindowMessenger, type RemoteProxy } from 'penpal';
import {
  mountStateSchema,
  PROTOCOL_VERSION,
  readValue,
  type HostMethods,
  type MountState,
} from '@latch/protocol';
import { loadNamedColors, stylesMayNameColors } from '@latch/screens';
import { createFrameMethods, type FrameMethodDeps } from './frameMethods';
import { HandshakeMessenger } from './handshakeMessenger';
import { relayEscape } from './relayEscape';

export interface HostChannelOptions extends Omit<FrameMethodDeps, 'resync'> {
  allowedOrigins: string[];
  /** The validated mount state of every `ready()` answer. */
  onMountState: (mount: MountState) => void;
  onError: (message: string) => void;
}

/**
 * The penpal channel to the loader in the parent window, with the frame's methods, and `ready()`
 * after every (re)connect and every `update()`. A chunk of its own, fetched after the first screen's
 * code: penpal, and the schemas that check every value the host sends, are not needed to draw or
 * hydrate the first screen, whose state the document already holds.
 */
export function openHostChannel({
  allowedOrigins,
  onMountState,
  onError,
  ...deps
}: HostChannelOptions): Promise<RemoteProxy<HostMethods>> {
  let remote: Promise<RemoteProxy<HostMethods>> | null = null;
  const resync = () => {
    void remote
      ?.then((host) => host.ready({ protocolVersion: PROTOCOL_VERSION }))
      .then((state) => {
        // Validated like every value from the host: it came over the channel, so it is the host's.
        const parsed = readValue(mountStateSchema, state, 'mount state');
        if (!parsed.ok) return onError(parsed.error);
        const mount = parsed.value;
        // A colour name in the host's styles is read with the named-colour table, fetched first.
        if (!stylesMayNameColors(mount.styles)) return onMountState(mount);
        return loadNamedColors().then(() => onMountState(mount));
      })
      .catch((error: unknown) => onError(error instanceof Error ? error.message : 'ready() failed'));
  };
  const messenger = new HandshakeMessenger(
    new WindowMessenger({ remoteWindow: window.parent, allowedOrigins }),
    resync,
  );
  const methods = createFrameMethods({ ...deps, resync });
  // No timeout, as on the loader's side: the host page's half of the channel (loader-channel.js) can
  // arrive late on a slow network, and a frame that had given up could never be reached again.
  remote = connect<HostMethods>({ messenger, methods }).promise;
  // Escape is passed on from when the host can hear it, not queued for later: an onEscape that
  // fires seconds after the key was pressed would surprise the page more than none.
  void remote.then(
    (host) => relayEscape(document, host),
    () => undefined,
  );
  return remote;
}
