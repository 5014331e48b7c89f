import type { LoginConfig } from '@latch/protocol';

/** Which passwordless email buttons the password screens may offer: only configured products. */
export function emailOptions(config: LoginConfig): { magicLink: boolean; code: boolean } {
  return {
    magicLink: config.products.includes('emailMagicLinks'),
    code: config.products.includes('otp') && (config.otpOptions?.methods ?? []).includes('email'),
  };
}

/** Whether any passwordless email button is configured. */
export function hasEmailLogin(config: LoginConfig): boolean {
  const { magicLink, code } = emailOptions(config);
  return magicLink || code;
}
