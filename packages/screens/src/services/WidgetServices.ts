import type { ApiClient } from '@latch/api';
import type { HostMethods } from '@latch/protocol';
import type { EventLogger } from './eventLog';

/** The host methods a screen may call; the frame queues them until penpal is connected. */
export type WidgetHost = Pick<
  HostMethods,
  'emitEvent' | 'reportError' | 'setSession' | 'clearSession' | 'navigate' | 'escape'
> &
  /**
   * The host page's wallets (crypto product) and its consent manifest (identity provider); absent
   * in test hosts that do not need them.
   */
  Partial<Pick<HostMethods, 'listWallets' | 'walletRequest' | 'getConsentManifest'>>;

/** Everything outside React that screens use: the provider API, the host channel, the event log. */
export interface WidgetServices {
  api: ApiClient;
  host: WidgetHost;
  eventLog: EventLogger;
}
