import type { LoginConfig } from '@latch/protocol';

/** Whether Main shows an email field that can offer passkeys in its autofill. */
export function hasEmailField(config: LoginConfig): boolean {
  const { products } = config;
  return (
    products.includes('emailMagicLinks') ||
    products.includes('passwords') ||
    (products.includes('otp') && (config.otpOptions?.methods ?? []).includes('email'))
  );
}

/**
 * The relying party domain sent to the provider: the host's `passkeyOptions.domain`, else the
 * frame's own host name, since the ceremony runs in the frame on the auth origin.
 */
export function passkeyDomain(config: LoginConfig, hostname = globalThis.location?.hostname ?? ''): string {
  return config.passkeyOptions?.domain ?? hostname;
}
