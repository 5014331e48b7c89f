import type { FrameLocator, Locator, Page } from '@playwright/test';
import { HOST_ORIGIN } from '../support/env';
import { EmailConfirmationScreen } from './EmailConfirmationScreen';
import { LoginScreen } from './LoginScreen';

/** The demo host's playground page (apps/demo/public/index.html). */
export class DemoPage {
  readonly iframe: Locator;
  readonly frame: FrameLocator;
  readonly login: LoginScreen;
  readonly emailConfirmation: EmailConfirmationScreen;
  readonly log: Locator;

  constructor(readonly page: Page) {
    this.iframe = page.locator('#latch-login iframe');
    this.frame = page.frameLocator('#latch-login iframe');
    this.login = new LoginScreen(this.frame);
    this.emailConfirmation = new EmailConfirmationScreen(this.frame);
    this.log = page.locator('#log');
  }

  async open(): Promise<void> {
    await this.page.goto(`${HOST_ORIGIN}/`);
  }

  /** Opens the magic-link landing page with the given query string. */
  async openLanding(search = ''): Promise<void> {
    await this.page.goto(`${HOST_ORIGIN}/authenticate${search}`);
  }

  landingStatus(): Locator {
    return this.page.getByRole('status');
  }

  /** The session the landing page shows after a successful sign-in. */
  landingResult(): Locator {
    return this.page.locator('#result');
  }

  /** Ticks or unticks a product in the configuration panel; the demo remounts in place. */
  async setProduct(label: string, on: boolean): Promise<void> {
    await this.page.getByRole('checkbox', { name: label, exact: true }).setChecked(on);
  }

  /** Types a theme container width in the configuration panel and leaves the field, which remounts. */
  async setContainerWidth(width: string): Promise<void> {
    const field = this.page.getByRole('textbox', { name: 'Container width' });
    await field.fill(width);
    await field.blur();
  }
}
