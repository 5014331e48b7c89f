import type { LoginConfig } from '@latch/protocol';
import type { StringId } from '@latch/protocol';

/** The forms the login block can show; more than one makes a tab list. */
export type LoginMethod = 'magicLink' | 'otpEmail' | 'password' | 'sms' | 'whatsapp';

export const METHOD_TAB_LABELS: Record<LoginMethod, StringId> = {
  magicLink: 'tab.email',
  otpEmail: 'tab.email',
  password: 'tab.email',
  sms: 'tab.text',
  whatsapp: 'tab.whatsapp',
};

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
