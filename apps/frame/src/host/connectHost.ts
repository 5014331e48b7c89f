import { connect, WindowMessenger, type RemoteProxy } from 'penpal';
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
  const messenger = new HandshakeMessenger(
    new WindowMessenger({ remoteWindow: window.parent, allowedOrigins }),
    resync,
  );
  const connection = connect<HostMethods>({ messenger, methods, timeout: 10_000 });
  remote = connection.promise;
  remote.catch((error: unknown) =>
    onError(error instanceof Error ? error.message : 'penpal connection failed'),
  );
  const host: WidgetHost = {
    emitEvent: (request) => connection.promise.then((h) => h.emitEvent(request)),
    reportError: (request) => connection.promise.then((h) => h.reportError(request)),
    setSession: (request) => connection.promise.then((h) => h.setSession(request)),
    clearSession: (request) => connection.promise.then((h) => h.clearSession(request)),
    navigate: (request) => connection.promise.then((h) => h.navigate(request)),
    escape: (request) => connection.promise.then((h) => h.escape(request)),
    listWallets: (request) => connection.promise.then((h) => h.listWallets(request)),
    walletRequest: (request) => connection.promise.then((h) => h.walletRequest(request)),
    getConsentManifest: (request) => connection.promise.then((h) => h.getConsentManifest(request)),
  };
  const resize = (height: number) => {
    void connection.promise.then((h) => h.resize({ height })).catch(() => undefined);
  };
  return { host, resize, resync };
}
