import type { LoginConfig } from '@latch/protocol';
import type { StringId } from '@latch/protocol';

/** What the host must change, for the rules whose on-screen text does not say it. */
export const CONFIG_ERROR_FIXES: Partial<Record<StringId, string>> = {
  'config.error.emlAndEmailOtp':
    "Remove 'email' from otpOptions.methods, or 'emailMagicLinks' from products.",
};

/** The login configuration's broken rules; each is shown on Main in place of the products. */
export function configErrors(config: LoginConfig): StringId[] {
  const errors: StringId[] = [];
  const { products } = config;
  const otpMethods = config.otpOptions?.methods ?? [];
  if (products.length === 0) errors.push('config.error.noProducts');
  if (products.includes('otp') && otpMethods.length === 0) errors.push('config.error.otpNoMethods');
  if (products.includes('oauth') && (config.oauthOptions?.providers ?? []).length === 0)
    errors.push('config.error.oauthNoProviders');
  const emailOtp = products.includes('otp') && otpMethods.includes('email');
  if (products.includes('emailMagicLinks') && emailOtp) errors.push('config.error.emlAndEmailOtp');
  if (products.length > 0 && products.every((p) => p === 'passkeys'))
    errors.push('config.error.passkeysAlone');
  return errors;
}
