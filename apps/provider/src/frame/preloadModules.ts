import type { LoginConfig } from '@latch/protocol';
import type { FrameKind } from './frameKinds';

/** Manifest keys (source paths from `apps/frame`) of the lazy modules a first screen renders. */
export const LAZY_MODULES = {
  loginForm: '../../packages/screens/src/main/loginForm/LoginForm.tsx',
  phoneForm: '../../packages/screens/src/main/loginForm/PhoneForm.tsx',
  phoneLib: '../../packages/screens/src/phone/phoneLib.ts',
  passkeyButton: '../../packages/screens/src/products/passkeys/PasskeyButton.tsx',
} as const;

/**
 * The lazy modules the first screen of `kind` needs for the frame URL's options (`config`, as the
 * shared parser read them), so the frame document can
 * preload them with the entry instead of after the first render. Mirrors the screens' rules
 * (`mainBlocks`, `loginMethods`, `usePasskeyButtonShown`); a mismatch only costs a wasted or a
 * late fetch, never a wrong screen. Only the login Main is covered.
 */
export function preloadModules(kind: FrameKind, config: LoginConfig): string[] {
  if (kind !== 'login') return [];
  const { products } = config;
  const otpMethods: readonly string[] = config.otpOptions?.methods ?? [];
  const modules: string[] = [];
  // The form's first tab: the first product with a login method, then otpOptions.methods order.
  const first = products.find((p) => p === 'emailMagicLinks' || p === 'passwords' || p === 'otp');
  if (first) modules.push(LAZY_MODULES.loginForm);
  const firstMethod = first === 'otp' ? otpMethods[0] : 'email';
  // The login form waits for the phone form's chunk whenever a tab is a phone number.
  if (products.includes('otp') && (otpMethods.includes('sms') || otpMethods.includes('whatsapp')))
    modules.push(LAZY_MODULES.phoneForm);
  if (firstMethod === 'sms' || firstMethod === 'whatsapp') modules.push(LAZY_MODULES.phoneLib);
  // With an email field the passkey button waits for the browser's autofill support, usually to stay hidden.
  const emailField =
    products.includes('emailMagicLinks') ||
    products.includes('passwords') ||
    (products.includes('otp') && otpMethods.includes('email'));
  if (products.includes('passkeys') && !emailField) modules.push(LAZY_MODULES.passkeyButton);
  return modules;
}
