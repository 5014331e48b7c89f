import { expect, type FrameLocator, type Locator } from '@playwright/test';

/** The login widget's Main screen, inside the cross-origin iframe. */
export class LoginScreen {
  readonly header: Locator;

  constructor(readonly frame: FrameLocator) {
    this.header = frame.getByRole('heading', { name: 'Sign up or log in' });
  }

  async expectShown(): Promise<void> {
    await expect(this.header).toBeVisible();
  }

  oauthButton(provider: string): Locator {
    return this.frame.getByRole('button', { name: `Continue with ${provider}` });
  }

  /** The themed card around every screen. */
  container(): Locator {
    return this.frame.locator('.latch-container');
  }

  emailInput(): Locator {
    return this.frame.getByRole('textbox', { name: 'Email' });
  }

  /** Asks for a passcode by text message (US number in national format). */
  async requestSmsCode(nationalNumber: string): Promise<void> {
    await this.frame.getByRole('textbox', { name: 'Phone number' }).fill(nationalNumber);
    await this.frame.getByRole('button', { name: 'Continue with text message' }).click();
  }

  /** Asks for a magic link: fills the email form and submits it. */
  async requestMagicLink(email: string): Promise<void> {
    await this.emailInput().fill(email);
    await this.frame.getByRole('button', { name: 'Continue with email' }).click();
  }
}
