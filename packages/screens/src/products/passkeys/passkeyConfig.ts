import type { LoginConfig } from '@latch/protocol';

/**
 * The relying party domain sent to the provider: the host's `passkeyOptions.domain`, else the
 * frame's own host name, since the ceremony runs in the frame on the auth origin.
 */
export function passkeyDomain(config: LoginConfig, hostname = globalThis.location?.hostname ?? ''): string {
  return config.passkeyOptions?.domain ?? hostname;
}
