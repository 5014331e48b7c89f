import type { MountKind } from '@latch/protocol';
import type { Screen } from './screens';

/** The screen each mounted thing starts on. */
export const INITIAL_SCREEN = {
  login: 'Main',
  'reset-password': 'PasswordResetForm',
  'passkey-registration': 'PasskeyRegistrationStart',
  'identity-provider': 'IDPConsent',
} as const satisfies Record<MountKind, Screen>;
