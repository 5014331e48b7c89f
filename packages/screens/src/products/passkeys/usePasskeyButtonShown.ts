import { hasEmailField, type LoginConfig } from '@latch/protocol';
import { useAutofillSupport } from './useAutofillSupport';

/**
 * The passkey button shows unless the browser supports passkey autofill and
 * an email field is there to offer it. Hidden while support is still unknown, so it never flashes.
 */
export function usePasskeyButtonShown(config: LoginConfig): boolean {
  const emailField = hasEmailField(config);
  const autofill = useAutofillSupport(config.products.includes('passkeys') && emailField);
  if (!config.products.includes('passkeys')) return false;
  return !emailField || autofill === false;
}
