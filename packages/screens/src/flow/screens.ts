/** Every screen of the widget; there are no URL routes. */
export const SCREENS = [
  'Main',
  'PasskeyRegistrationStart',
  'PasskeyRegistrationSuccess',
  'PasskeyConfirmation',
  'PasswordResetForm',
  'PasswordCreateOrLogin',
  'PasswordForgot',
  'PasswordBreached',
  'PasswordSetNew',
  'PasswordDedupe',
  'PasswordConfirmation',
  'EmailConfirmation',
  'OTPAuthenticate',
  'OTPConfirmation',
  'CryptoConnect',
  'CryptoSignMessage',
  'CryptoOtherScreen',
  'CryptoSetupWallet',
  'CryptoError',
  'CryptoConfirmation',
  'OAuthConfirmation',
  'IDPConsent',
] as const;

export type Screen = (typeof SCREENS)[number];
