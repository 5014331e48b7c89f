import type { FrameLocator, Locator, Page } from '@playwright/test';
import { HOST_ORIGIN } from '../support/env';
import { PasswordScreen } from './PasswordScreen';

/** The demo host's reset page (apps/demo/public/reset-password.html), mounting `mountResetPassword`. */
export class ResetPasswordPage {
  readonly iframe: Locator;
  readonly frame: FrameLocator;
  readonly password: PasswordScreen;

  constructor(readonly page: Page) {
    this.iframe = page.locator('#latch-reset iframe');
    this.frame = page.frameLocator('#latch-reset iframe');
    this.password = new PasswordScreen(this.frame);
  }

  /** Opens a link from a reset email; it must lead to this page. */
  async openLink(link: string): Promise<void> {
    const url = new URL(link);
    if (url.origin + url.pathname !== `${HOST_ORIGIN}/reset-password`) {
      throw new Error(`${link} does not lead to the demo reset page`);
    }
    await this.page.goto(link);
  }
}
