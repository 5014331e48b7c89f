import { preloadable } from '../preloadable';

/**
 * The phone form, its own chunk: most configs have only an email field. A config with a phone
 * method fetches it with the first screen (the provider's modulepreload, `preloadMainBlocks`), and
 * `LoginForm` renders once it is there, so switching to its tab shows no spinner.
 */
export const PhoneFormBlock = preloadable<{ channel: 'sms' | 'whatsapp' }>(() =>
  import('./PhoneForm').then(({ PhoneForm }) => ({ default: PhoneForm })),
);
