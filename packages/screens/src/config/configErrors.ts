import type { LoginConfig, StringId } from '@latch/protocol';

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
