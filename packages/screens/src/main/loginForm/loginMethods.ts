import type { LoginConfig } from '@latch/protocol';
import type { StringId } from '../../strings/en';

/** The forms the login block can show; more than one makes a tab list (SPEC.md section 2, Main). */
export type LoginMethod = 'magicLink' | 'otpEmail' | 'sms' | 'whatsapp';

export const METHOD_TAB_LABELS: Record<LoginMethod, StringId> = {
  magicLink: 'tab.email',
  otpEmail: 'tab.email',
  sms: 'tab.text',
  whatsapp: 'tab.whatsapp',
};

/** The configured methods in product order, then in `otpOptions.methods` order, each once. */
export function loginMethods(config: LoginConfig): LoginMethod[] {
  const methods: LoginMethod[] = [];
  for (const product of config.products) {
    if (product === 'emailMagicLinks') methods.push('magicLink');
    if (product === 'otp') {
      for (const m of config.otpOptions?.methods ?? []) methods.push(m === 'email' ? 'otpEmail' : m);
    }
  }
  return [...new Set(methods)];
}
