import { expect, type FrameLocator, type Locator } from '@playwright/test';
import { expectScreenShown } from '../support/screenShown';

/** The login widget's Main screen, inside the cross-origin iframe. */
export class LoginScreen {
  readonly header: Locator;

  constructor(readonly frame: FrameLocator) {
    this.header = frame.getByRole('heading', { name: 'Sign up or log in' });
  }

  async expectShown(): Promise<void> {
    await expectScreenShown(this.frame, this.header);
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

  /** Asks for a passcode by WhatsApp (US number in national format). */
  async requestWhatsAppCode(nationalNumber: string): Promise<void> {
    await this.frame.getByRole('textbox', { name: 'Phone number' }).fill(nationalNumber);
    await this.frame.getByRole('button', { name: 'Continue with WhatsApp' }).click();
  }

  /** Asks for a passcode by email (the otp product with the email method). */
  async requestEmailCode(email: string): Promise<void> {
    await this.emailInput().fill(email);
    await this.frame.getByRole('button', { name: 'Continue with email' }).click();
  }

  /** Starts the password flow: the email decides between Create account and Log In. */
  async continueWithPassword(email: string): Promise<void> {
    await this.emailInput().fill(email);
    await this.frame.getByRole('button', { name: 'Continue with email' }).click();
  }

  passkeyButton(): Locator {
    return this.frame.getByRole('button', { name: 'Login with a Passkey' });
  }

  async loginWithPasskey(): Promise<void> {
    await this.passkeyButton().click();
  }

  /** The banner Main shows for a failed sign-in (e.g. a passkey the server no longer knows). */
  async expectBanner(text: string): Promise<void> {
    await expect(this.frame.locator('.latch-banner')).toHaveText(text);
  }

  /** Asks for a magic link: fills the email form and submits it. */
  async requestMagicLink(email: string): Promise<void> {
    await this.emailInput().fill(email);
    await this.frame.getByRole('button', { name: 'Continue with email' }).click();
  }
}
