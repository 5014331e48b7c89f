import { expect } from '@playwright/test';
import type { HostPage } from '../pages/HostPage';
import type { DevInbox } from './devInbox';
import { EMAIL_CODE } from './loginConfigs';

/**
 * Signs `email` in on the fixture host with an email passcode and waits until the host holds the
 * session. Answers the session's tokens (from `client.session.getTokens()`).
 */
export async function signInWithEmailCode(host: HostPage, inbox: DevInbox, email: string) {
  await host.open({ config: EMAIL_CODE });
  await host.login.requestEmailCode(email);
  await host.passcode.expectShown();
  await host.passcode.submitPasscode(await inbox.latestCode(email));
  await host.passcode.expectVerified();
  await expect(host.sessionState).toHaveText(/^signed in as user-test-/);
  const tokens = await host.sessionTokens();
  if (!tokens) throw new Error('The host has no session tokens after signing in');
  return tokens;
}
