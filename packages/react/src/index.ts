export { LatchProvider, type LatchProviderProps } from './LatchProvider';
export {
  LatchLogin,
  LatchResetPassword,
  LatchPasskeyRegistration,
  LatchIdentityProvider,
  type LatchLoginProps,
  type LatchResetPasswordProps,
  type LatchPasskeyRegistrationProps,
  type LatchIdentityProviderProps,
} from './widgets';
export { useLatchClient, useLatchSession } from './hooks';
export type { LatchSessionState } from './sessionStore';
export type {
  Callbacks,
  CookieOptions,
  LatchClient,
  LoginConfig,
  Session,
  StringOverrides,
  StylesInput,
  User,
  WidgetError,
  WidgetEvent,
} from '@latch/loader';
