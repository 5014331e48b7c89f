import type { RemoteProxy } from 'penpal';
import {
  mountStateSchema,
  PROTOCOL_VERSION,
  readValue,
  type FrameMethods,
  type HostMethods,
  type MountState,
} from '@latch/protocol';
import type { WidgetHost } from '@latch/screens';
import { HandshakeMessenger } from './handshakeMessenger';

export interface HostConnection {
  /** Host methods; calls made before the handshake wait for it. */
  host: WidgetHost;
  /** Reports the frame's content height; dropped while not connected. */
  resize: (height: number) => void;
  /** Calls `host.ready()` and hands the validated mount state to `onMountState`. */
  resync: () => void;
}

export interface ConnectHostOptions {
  allowedOrigins: string[];
  methods: FrameMethods;
  onMountState: (mount: MountState) => void;
  onError: (message: string) => void;
}

/** Connects to the loader in the parent window, and calls `ready()` after every (re)connect. */
export function connectHost({
  allowedOrigins,
  methods,
  onMountState,
  onError,
}: ConnectHostOptions): HostConnection {
  let remote: Promise<RemoteProxy<HostMethods>> | null = null;
  const resync = () => {
    void remote
      ?.then((host) => host.ready({ protocolVersion: PROTOCOL_VERSION }))
      .then((state) => {
        const parsed = readValue(mountStateSchema, state, 'mount state');
        if (parsed.ok) onMountState(parsed.value);
        else onError(parsed.error);
      })
      .catch((error: unknown) => onError(error instanceof Error ? error.message : 'ready() failed'));
  };
  // penpal is fetched after the first screen's code, not with it: the drawn screen takes input
  // and hydrates without the host, and its height reaches the host page before the channel does.
  const connected = import('penpal').then(({ connect, WindowMessenger }) => {
    const messenger = new HandshakeMessenger(
      new WindowMessenger({ remoteWindow: window.parent, allowedOrigins }),
      resync,
    );
    return connect<HostMethods>({ messenger, methods, timeout: 10_000 }).promise;
  });
  remote = connected;
  remote.catch((error: unknown) =>
    onError(error instanceof Error ? error.message : 'penpal connection failed'),
  );
  const host: WidgetHost = {
    emitEvent: (request) => connected.then((h) => h.emitEvent(request)),
    reportError: (request) => connected.then((h) => h.reportError(request)),
    setSession: (request) => connected.then((h) => h.setSession(request)),
    clearSession: (request) => connected.then((h) => h.clearSession(request)),
    navigate: (request) => connected.then((h) => h.navigate(request)),
    escape: (request) => connected.then((h) => h.escape(request)),
    listWallets: (request) => connected.then((h) => h.listWallets(request)),
    walletRequest: (request) => connected.then((h) => h.walletRequest(request)),
    getConsentManifest: (request) => connected.then((h) => h.getConsentManifest(request)),
  };
  const resize = (height: number) => {
    void connected.then((h) => h.resize({ height })).catch(() => undefined);
  };
  return { host, resize, resync };
}
