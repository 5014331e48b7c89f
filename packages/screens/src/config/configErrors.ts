import type { LoginConfig } from '@latch/protocol';
import type { StringId } from '@latch/protocol';

/** Configuration rules of SPEC.md sections 1 and 5; each broken rule is shown on Main. */
export function configErrors(config: LoginConfig): StringId[] {
  const errors: StringId[] = [];
  const { products } = config;
  const emailOtp = products.includes('otp') && (config.otpOptions?.methods ?? []).includes('email');
  if (products.includes('emailMagicLinks') && emailOtp) errors.push('config.error.emlAndEmailOtp');
  if (products.length > 0 && products.every((p) => p === 'passkeys'))
    errors.push('config.error.passkeysAlone');
  return errors;
}
