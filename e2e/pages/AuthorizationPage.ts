import { expect, type FrameLocator, type Page } from '@playwright/test';
import { HOST_ORIGIN } from '../support/env';
import { LoginScreen } from './LoginScreen';
import { PasscodeScreen } from './PasscodeScreen';

/**
 * The demo's authorization page (apps/demo/public/idp.html), the e2e project's
 * `idp_authorization_url`: the login widget for a visitor without a session, then the consent
 * screen, each in its own container.
 */
export class AuthorizationPage {
  readonly login: LoginScreen;
  readonly passcode: PasscodeScreen;
  readonly consent: FrameLocator;

  constructor(readonly page: Page) {
    const loginFrame = page.frameLocator('#latch-login iframe');
    this.login = new LoginScreen(loginFrame);
    this.passcode = new PasscodeScreen(loginFrame);
    this.consent = page.frameLocator('#latch-idp iframe');
  }

  /** Waits until the authorization endpoint has sent the browser to this page. */
  async expectOpened(): Promise<void> {
    await this.page.waitForURL((url) => `${url.origin}${url.pathname}` === `${HOST_ORIGIN}/idp`);
  }

  async expectConsent(title: string): Promise<void> {
    await expect(this.consent.getByRole('heading', { level: 1 })).toHaveText(title);
  }

  async allow(): Promise<void> {
    await this.consent.getByRole('button', { name: 'Allow' }).click();
  }

  /** Waits until the browser has arrived at `redirectUri`; answers the full URL, as a callback gets it. */
  async redirectedTo(redirectUri: string): Promise<URL> {
    await this.page.waitForURL((url) => `${url.origin}${url.pathname}` === redirectUri);
    return new URL(this.page.url());
  }
}
