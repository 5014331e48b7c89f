import type { LoginConfig, Product } from './config';

/*
 * What the login Main shows for a config: its blocks and the login form's methods. The screens
 * render it, and the provider's frame document preloads the modules of the same first screen.
 */

/** The block each product shows on Main (magic links, passcodes and passwords share the login form). */
export const MAIN_BLOCK_OF = {
  passkeys: 'passkeyButton',
  passwords: 'loginForm',
  emailMagicLinks: 'loginForm',
  otp: 'loginForm',
  crypto: 'crypto',
  oauth: 'oauth',
} as const satisfies Record<Product, string>;

export type MainBlockId = (typeof MAIN_BLOCK_OF)[Product];

/** The forms the login block can show; more than one makes a tab list. */
export type LoginMethod = 'magicLink' | 'otpEmail' | 'password' | 'sms' | 'whatsapp';

/**
 * The configured methods in product order, then in `otpOptions.methods` order, each once. With
 * passwords, the email tab is the password email form (it still offers links and codes later).
 */
export function loginMethods(config: LoginConfig): LoginMethod[] {
  const passwords = config.products.includes('passwords');
  const email = (method: 'magicLink' | 'otpEmail'): LoginMethod => (passwords ? 'password' : method);
  const methods: LoginMethod[] = [];
  for (const product of config.products) {
    if (product === 'emailMagicLinks') methods.push(email('magicLink'));
    if (product === 'passwords') methods.push('password');
    if (product === 'otp') {
      for (const m of config.otpOptions?.methods ?? []) methods.push(m === 'email' ? email('otpEmail') : m);
    }
  }
  return [...new Set(methods)];
}

export function isPhoneMethod(method: LoginMethod): method is 'sms' | 'whatsapp' {
  return method === 'sms' || method === 'whatsapp';
}

/** Whether a tab of the login form is a phone number (the phone form's chunk is then needed). */
export function hasPhoneMethod(config: LoginConfig): boolean {
  return loginMethods(config).some(isPhoneMethod);
}

/** Whether Main shows an email field that can offer passkeys in its autofill. */
export function hasEmailField(config: LoginConfig): boolean {
  const { products } = config;
  return (
    products.includes('emailMagicLinks') ||
    products.includes('passwords') ||
    (products.includes('otp') && (config.otpOptions?.methods ?? []).includes('email'))
  );
}
