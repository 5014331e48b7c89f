import type { FrameLocator, Locator, Page } from '@playwright/test';
import { HOST_ORIGIN } from '../support/env';
import { PasskeyRegistrationScreen } from './PasskeyRegistrationScreen';

/** The demo host's passkey page (apps/demo/public/passkeys.html), mounting `mountPasskeyRegistration`. */
export class PasskeysPage {
  readonly iframe: Locator;
  readonly frame: FrameLocator;
  readonly registration: PasskeyRegistrationScreen;

  constructor(readonly page: Page) {
    this.iframe = page.locator('#latch-passkeys iframe');
    this.frame = page.frameLocator('#latch-passkeys iframe');
    this.registration = new PasskeyRegistrationScreen(this.frame);
  }

  async open(): Promise<void> {
    await this.page.goto(`${HOST_ORIGIN}/passkeys`);
  }
}
