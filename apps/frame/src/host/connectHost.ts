import { EARLY_HEIGHT_STOP } from '@latch/protocol';
import type { WidgetHost } from '@latch/screens';
import { afterHydration } from '../boot/afterHydration';
import type { HostChannelOptions, openHostChannel } from './hostChannel';

export interface HostConnection {
  /** Host methods; calls made before the handshake wait for it. */
  host: WidgetHost;
  /** Reports the frame's content height; dropped while not connected. */
  resize: (height: number) => void;
}

const openLazily: typeof openHostChannel = (options) =>
  afterHydration()
    .then(() => import('./hostChannel'))
    .then(({ openHostChannel }) => openHostChannel(options));

/**
 * Connects to the loader in the parent window (`openHostChannel`, fetched as a chunk of its own
 * once the first screen is hydrated: the drawn screen takes input and hydrates without the host,
 * and its height reaches the host page before the channel does). The host methods are usable at
 * once; their calls wait for the channel.
 */
export function connectHost(
  options: HostChannelOptions,
  openChannel: typeof openHostChannel = openLazily,
): HostConnection {
  const connected = openChannel(options);
  connected.then(
    // The channel's `resize` reports from now on: the document's early-height script stops.
    () => dispatchEvent(new Event(EARLY_HEIGHT_STOP)),
    (error: unknown) => options.onError(error instanceof Error ? error.message : 'penpal connection failed'),
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
  return { host, resize };
}
