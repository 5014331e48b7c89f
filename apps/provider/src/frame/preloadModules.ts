import type { FrameKind } from './frameKinds';

/** Manifest keys (source paths from `apps/frame`) of the lazy modules a first screen renders. */
export const LAZY_MODULES = {
  loginForm: '../../packages/screens/src/main/loginForm/LoginForm.tsx',
  phoneLib: '../../packages/screens/src/phone/phoneLib.ts',
  passkeyButton: '../../packages/screens/src/products/passkeys/PasskeyButton.tsx',
} as const;

/** The parts of the frame URL's `config` (a LoginConfig) that decide Main's blocks. */
interface MainConfig {
  products: string[];
  otpMethods: string[];
}

function mainConfig(param: string | undefined): MainConfig | null {
  let value: unknown;
  try {
    value = JSON.parse(param ?? '');
  } catch {
    return null;
  }
  const strings = (list: unknown) =>
    Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  if (typeof value !== 'object' || value === null || !('products' in value)) return null;
  const otp = 'otpOptions' in value ? value.otpOptions : undefined;
  const otpMethods = typeof otp === 'object' && otp !== null && 'methods' in otp ? strings(otp.methods) : [];
  return { products: strings(value.products), otpMethods };
}

/**
 * The lazy modules the first screen of `kind` needs for this config, so the frame document can
 * preload them with the entry instead of after the first render. Mirrors the screens' rules
 * (`mainBlocks`, `loginMethods`, `usePasskeyButtonShown`); a mismatch only costs a wasted or a
 * late fetch, never a wrong screen. Only the login Main is covered.
 */
export function preloadModules(kind: FrameKind, configParam: string | undefined): string[] {
  const config = kind === 'login' ? mainConfig(configParam) : null;
  if (!config) return [];
  const { products, otpMethods } = config;
  const modules: string[] = [];
  // The form's first tab: the first product with a login method, then otpOptions.methods order.
  const first = products.find((p) => p === 'emailMagicLinks' || p === 'passwords' || p === 'otp');
  if (first) modules.push(LAZY_MODULES.loginForm);
  const firstMethod = first === 'otp' ? otpMethods[0] : 'email';
  if (firstMethod === 'sms' || firstMethod === 'whatsapp') modules.push(LAZY_MODULES.phoneLib);
  // With an email field the passkey button waits for the browser's autofill support, usually to stay hidden.
  const emailField =
    products.includes('emailMagicLinks') ||
    products.includes('passwords') ||
    (products.includes('otp') && otpMethods.includes('email'));
  if (products.includes('passkeys') && !emailField) modules.push(LAZY_MODULES.passkeyButton);
  return modules;
}
