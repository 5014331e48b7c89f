import { describe, expect, it } from 'vitest';
import { SCREENS } from './screens';
import { OUTCOMES, nextScreen } from './transitions';

describe('flow', () => {
  // OAuthConfirmation is the one addition to the widget's screens: a popup sign-in (oauthOptions.mode) ends in the widget.
  it("has every screen of the widget, and the popup sign-in's confirmation", () => {
    expect(SCREENS).toEqual([
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
    ]);
  });

  it('pins every transition', () => {
    const pinned: string[] = [];
    for (const screen of SCREENS) {
      for (const outcome of OUTCOMES) {
        const next = nextScreen(screen, outcome);
        if (next) pinned.push(`${screen} + ${outcome} → ${next}`);
      }
    }
    const explicit = pinned.filter((line) => !line.includes(' + back → ')).sort();
    expect(explicit).toEqual(
      [
        'Main + magicLinkSent → EmailConfirmation',
        'Main + otpSent → OTPAuthenticate',
        'Main + userFound → PasswordCreateOrLogin',
        'Main + passwordAuthenticated → PasswordConfirmation',
        'Main + passwordCreated → PasswordConfirmation',
        'Main + passwordResetRequired → PasswordDedupe',
        'Main + passkeyAuthenticated → PasskeyConfirmation',
        'Main + oauthAuthenticated → OAuthConfirmation',
        'Main + walletChosen → CryptoConnect',
        'Main + otherWallets → CryptoOtherScreen',
        'Main + setupWallet → CryptoSetupWallet',
        'PasskeyRegistrationStart + passkeyRegistered → PasskeyRegistrationSuccess',
        'PasskeyRegistrationStart + passkeySkipped → PasskeyRegistrationSuccess',
        'PasskeyRegistrationSuccess + setUpAnotherPasskey → PasskeyRegistrationStart',
        'PasswordResetForm + passwordReset → PasswordConfirmation',
        'PasswordResetForm + resetTokenLoggedIn → PasswordConfirmation',
        'PasswordCreateOrLogin + magicLinkSent → EmailConfirmation',
        'PasswordCreateOrLogin + otpSent → OTPAuthenticate',
        'PasswordCreateOrLogin + passwordAuthenticated → PasswordConfirmation',
        'PasswordCreateOrLogin + passwordCreated → PasswordConfirmation',
        'PasswordCreateOrLogin + passwordResetRequired → PasswordDedupe',
        'PasswordCreateOrLogin + passwordBreached → PasswordBreached',
        'PasswordCreateOrLogin + forgotPassword → PasswordForgot',
        'PasswordCreateOrLogin + createPasswordInstead → PasswordSetNew',
        'EmailConfirmation + tryAgain → Main',
        'OTPAuthenticate + otpVerified → OTPConfirmation',
        'CryptoConnect + challengeReceived → CryptoSignMessage',
        'CryptoConnect + walletFailed → CryptoError',
        'CryptoSignMessage + walletSigned → CryptoConfirmation',
        'CryptoSignMessage + walletFailed → CryptoError',
        'CryptoOtherScreen + walletChosen → CryptoConnect',
        'CryptoOtherScreen + setupWallet → CryptoSetupWallet',
      ].sort(),
    );
  });

  it('sends the back arrow to Main from every other screen', () => {
    for (const screen of SCREENS) {
      expect(nextScreen(screen, 'back')).toBe(screen === 'Main' ? null : 'Main');
    }
  });

  it('follows the email magic link and passcode paths', () => {
    expect(nextScreen('Main', 'magicLinkSent')).toBe('EmailConfirmation');
    expect(nextScreen('EmailConfirmation', 'tryAgain')).toBe('Main');
    expect(nextScreen('Main', 'otpSent')).toBe('OTPAuthenticate');
    expect(nextScreen('OTPAuthenticate', 'otpVerified')).toBe('OTPConfirmation');
    expect(nextScreen('Main', 'userFound')).toBe('PasswordCreateOrLogin');
    expect(nextScreen('Main', 'passkeyAuthenticated')).toBe('PasskeyConfirmation');
    expect(nextScreen('OTPConfirmation', 'otpSent')).toBeNull();
  });
});
