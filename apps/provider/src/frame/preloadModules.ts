import { hasEmailField, isPhoneMethod, loginMethods, MAIN_BLOCK_OF, type LoginConfig } from '@latch/protocol';
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
 * shared parser read them), so the frame document can preload them with the entry instead of after
 * the first render. Main's rules are @latch/protocol's (`MAIN_BLOCK_OF`, `loginMethods`,
 * `hasEmailField`), the ones the screens render by. Only the login Main is covered.
 */
export function preloadModules(kind: FrameKind, config: LoginConfig): string[] {
  if (kind !== 'login') return [];
  const blocks = new Set(config.products.map((product) => MAIN_BLOCK_OF[product]));
  const methods = loginMethods(config);
  const modules: string[] = [];
  if (blocks.has('loginForm')) modules.push(LAZY_MODULES.loginForm);
  // The login form waits for the phone form's chunk whenever a tab is a phone number.
  if (methods.some(isPhoneMethod)) modules.push(LAZY_MODULES.phoneForm);
  // The first tab shows at once: a phone number's needs the phone library.
  const [first] = methods;
  if (first !== undefined && isPhoneMethod(first)) modules.push(LAZY_MODULES.phoneLib);
  // With an email field the passkey button waits for the browser's autofill support, usually to stay hidden.
  if (blocks.has('passkeyButton') && !hasEmailField(config)) modules.push(LAZY_MODULES.passkeyButton);
  return modules;
}
