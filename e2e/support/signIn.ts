import { expect } from '@playwright/test';
import type { HostPage } from '../pages/HostPage';
import type { LoginScreen } from '../pages/LoginScreen';
import type { PasscodeScreen } from '../pages/PasscodeScreen';
import type { ProviderApi } from './backend';
import type { DevInbox } from './devInbox';
import { strongPassword } from './passwords';
import { EMAIL_CODE } from './loginConfigs';

/**
 * Signs `email` in on the fixture host with an email passcode and waits until the host holds the
 * session. Answers the session's tokens (from `client.session.getTokens()`).
 */
export async function signInWithEmailCode(host: HostPage, inbox: DevInbox, email: string) {
  await host.open({ config: EMAIL_CODE });
  await enterEmailCode(host, inbox, email);
  await host.passcode.expectVerified();
  await expect(host.sessionState).toHaveText(/^signed in as user-test-/);
  const tokens = await host.sessionTokens();
  if (!tokens) throw new Error('The host has no session tokens after signing in');
  return tokens;
}

/**
 * The widget's email passcode sign-in, in whatever page mounts it with the email otp method:
 * asks for a code, reads it from the dev inbox and autofills it. What follows is the page's: the
 * widget's confirmation, or (the authorization page) the consent screen in its place.
 */
export async function enterEmailCode(
  widget: { login: LoginScreen; passcode: PasscodeScreen },
  inbox: DevInbox,
  email: string,
): Promise<void> {
  await widget.login.requestEmailCode(email);
  await widget.passcode.expectShown();
  await widget.passcode.autofillPasscode(await inbox.latestCode(email));
}

/**
 * For tests about what a signed-in visitor does next, not about signing in: a password user
 * created through the provider's API, its session written as the host's cookies (what the host
 * page keeps after any sign-in), then the host page opened; it adopts the session as a returning
 * visitor's. One API call instead of a widget sign-in through the frame.
 */
export async function signInThroughApi(host: HostPage, provider: ProviderApi, email: string) {
  const tokens = await provider.createPasswordUser(email, strongPassword());
  await host.page.context().addCookies([
    { name: 'stytch_session', value: tokens.session_token, url: host.origin, sameSite: 'Lax' },
    { name: 'stytch_session_jwt', value: tokens.session_jwt, url: host.origin, sameSite: 'Lax' },
  ]);
  await host.open({ config: EMAIL_CODE });
  await expect(host.sessionState).toHaveText(/^signed in as user-test-/);
  return tokens;
}
