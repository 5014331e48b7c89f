import { expect, type FrameLocator, type Locator } from '@playwright/test';

/** OTPAuthenticate ('Enter passcode') and OTPConfirmation ('Success!'). */
export class PasscodeScreen {
  readonly header: Locator;

  constructor(readonly frame: FrameLocator) {
    this.header = frame.getByRole('heading', { name: 'Enter passcode' });
  }

  async expectShown(): Promise<void> {
    await expect(this.header).toBeVisible();
  }

  /** Types the code digit by digit, as a visitor would; six digits submit on their own. */
  async submitPasscode(code: string): Promise<void> {
    await this.frame.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await this.frame.getByRole('textbox', { name: 'Digit 1 of 6' }).pressSequentially(code);
  }

  async expectVerified(): Promise<void> {
    await expect(this.frame.getByText('Your passcode has been successfully verified.')).toBeVisible();
  }
}
