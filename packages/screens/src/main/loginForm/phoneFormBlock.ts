import type { LoginConfig } from '@latch/protocol';
import { preloadable } from '../preloadable';
import { loginMethods } from './loginMethods';

/**
 * The phone form, its own chunk: most configs have only an email field. A config with a phone
 * method fetches it with the first screen (`preloadMainBlocks`, and the provider preloads it when
 * it is the first tab), so switching to its tab shows no spinner.
 */
export const PhoneFormBlock = preloadable<{ channel: 'sms' | 'whatsapp' }>(() =>
  import('./PhoneForm').then(({ PhoneForm }) => ({ default: PhoneForm })),
);

export function hasPhoneMethod(config: LoginConfig): boolean {
  return loginMethods(config).some((method) => method === 'sms' || method === 'whatsapp');
}
