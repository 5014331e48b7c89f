import type { LoginMethod, StringId } from '@latch/protocol';

/** Each login method's tab label (the methods themselves: `loginMethods` in @latch/protocol). */
export const METHOD_TAB_LABELS: Record<LoginMethod, StringId> = {
  magicLink: 'tab.email',
  otpEmail: 'tab.email',
  password: 'tab.email',
  sms: 'tab.text',
  whatsapp: 'tab.whatsapp',
};
