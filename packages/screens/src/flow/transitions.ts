import type { INITIAL_SCREEN } from './initialScreen';
import type { Screen } from './screens';

/**
 * What a screen reports when it is done; the flow, not the screen, picks the next screen.
 */
export const OUTCOMES = [
  'magicLinkSent',
  'tryAgain',
  'otpSent',
  'otpVerified',
  'userFound',
  'passwordAuthenticated',
  'passwordCreated',
  'passwordResetRequired',
  'passwordBreached',
  'forgotPassword',
  'createPasswordInstead',
  'loginLinkSent',
  'passwordReset',
  'resetTokenLoggedIn',
  'passkeyAuthenticated',
  'oauthAuthenticated',
  'passkeyRegistered',
  'passkeySkipped',
  'setUpAnotherPasskey',
  'walletChosen',
  'otherWallets',
  'setupWallet',
  'challengeReceived',
  'walletSigned',
  'walletFailed',
  'back',
] as const;

export type Outcome = (typeof OUTCOMES)[number];

type Transitions = Partial<Record<Screen, Partial<Record<Outcome, Screen>>>>;

const fromAnyScreen: Partial<Record<Outcome, Screen>> = { back: 'Main' };

/** The whole flow in one table: (screen, outcome) → next screen. */
export const TRANSITIONS = {
  Main: {
    magicLinkSent: 'EmailConfirmation',
    otpSent: 'OTPAuthenticate',
    userFound: 'PasswordCreateOrLogin',
    passwordAuthenticated: 'PasswordConfirmation',
    passwordCreated: 'PasswordConfirmation',
    passwordResetRequired: 'PasswordDedupe',
    passkeyAuthenticated: 'PasskeyConfirmation',
    oauthAuthenticated: 'OAuthConfirmation',
    walletChosen: 'CryptoConnect',
    otherWallets: 'CryptoOtherScreen',
    setupWallet: 'CryptoSetupWallet',
  },
  EmailConfirmation: { tryAgain: 'Main' },
  OTPAuthenticate: { otpVerified: 'OTPConfirmation' },
  PasswordCreateOrLogin: {
    passwordAuthenticated: 'PasswordConfirmation',
    passwordCreated: 'PasswordConfirmation',
    passwordResetRequired: 'PasswordDedupe',
    passwordBreached: 'PasswordBreached',
    forgotPassword: 'PasswordForgot',
    createPasswordInstead: 'PasswordSetNew',
    magicLinkSent: 'EmailConfirmation',
    otpSent: 'OTPAuthenticate',
  },
  PasswordResetForm: {
    passwordReset: 'PasswordConfirmation',
    resetTokenLoggedIn: 'PasswordConfirmation',
  },
  PasskeyRegistrationStart: {
    passkeyRegistered: 'PasskeyRegistrationSuccess',
    passkeySkipped: 'PasskeyRegistrationSuccess',
  },
  PasskeyRegistrationSuccess: { setUpAnotherPasskey: 'PasskeyRegistrationStart' },
  CryptoOtherScreen: { walletChosen: 'CryptoConnect', setupWallet: 'CryptoSetupWallet' },
  CryptoConnect: { challengeReceived: 'CryptoSignMessage', walletFailed: 'CryptoError' },
  CryptoSignMessage: { walletSigned: 'CryptoConfirmation', walletFailed: 'CryptoError' },
} as const satisfies Transitions;

/**
 * Screens that say the visitor is signed in: once the session ends (revoked in another tab, the
 * host signed out), the mount starts over on its first screen instead of still saying so.
 */
export const SIGNED_IN_SCREENS: readonly Screen[] = [
  'PasswordConfirmation',
  'OTPConfirmation',
  'PasskeyConfirmation',
  'OAuthConfirmation',
  'CryptoConfirmation',
  'PasskeyRegistrationSuccess',
];

type Table = typeof TRANSITIONS;
type Never<T extends never> = T;
type Reached =
  | (typeof INITIAL_SCREEN)[keyof typeof INITIAL_SCREEN]
  | { [S in keyof Table]: Table[S][keyof Table[S]] }[keyof Table];
/** Fails to compile when a screen is declared (`PRODUCTS`) that no mount starts on and no outcome leads to. */
export type UnreachableScreens = Never<Exclude<Screen, Reached>>;

/** The next screen, or `null` when the outcome means nothing on this screen. */
export function nextScreen(current: Screen, outcome: Outcome): Screen | null {
  const table: Transitions = TRANSITIONS;
  return table[current]?.[outcome] ?? (current === 'Main' ? null : fromAnyScreen[outcome]) ?? null;
}
