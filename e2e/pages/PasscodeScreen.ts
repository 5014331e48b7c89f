import { expect, type FrameLocator, type Locator } from '@playwright/test';
import { expectScreenShown } from '../support/screenShown';

/** OTPAuthenticate ('Enter passcode') and OTPConfirmation ('Success!'). */
export class PasscodeScreen {
  readonly header: Locator;

  constructor(readonly frame: FrameLocator) {
    this.header = frame.getByRole('heading', { name: 'Enter passcode' });
  }

  async expectShown(): Promise<void> {
    await expectScreenShown(this.frame, this.header);
  }

  /** Types the code digit by digit, as a visitor would; six digits submit on their own. */
  async submitPasscode(code: string): Promise<void> {
    await this.frame.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await this.frame.getByRole('textbox', { name: 'Digit 1 of 6' }).pressSequentially(code);
  }

  /**
   * Enters the code the way the phone's one-time-code autofill does: the six digits arrive in the
   * first box as one input. For a page that replaces the widget once the code is accepted (the
   * authorization page shows consent in its place): when the frame goes away while the last typed
   * digit's key events are still in flight, Chromium never answers them and the typing never
   * returns (seen under load).
   */
  async autofillPasscode(code: string): Promise<void> {
    await this.frame.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
  }

  /** The error under the boxes after a refused code. */
  async expectError(text: string): Promise<void> {
    await expect(this.frame.locator('.latch-error-text')).toHaveText(text);
  }

  /** Waits until the boxes are empty and enabled again after a refused code. */
  async expectReadyForAnotherCode(): Promise<void> {
    const first = this.frame.getByRole('textbox', { name: 'Digit 1 of 6' });
    await expect(first).toBeEnabled();
    await expect(first).toHaveValue('');
  }

  /** The countdown line: 'Your code expires in m:ss.' or 'Your code has expired.' */
  expiry(): Locator {
    return this.frame.getByText(/^Your code (expires in \d+:\d\d|has expired)\.$/);
  }

  /**
   * Clicks 'Resend code' and answers the labels the control went through. 'Code sent' lasts two
   * seconds only, so the labels are recorded inside the frame rather than polled from outside.
   */
  async resend(): Promise<string[]> {
    const control = this.frame.locator('.latch-resend button');
    await expect(control).toHaveText('Resend code');
    await control.evaluate((button) => {
      const seen = [button.textContent ?? ''];
      button.setAttribute('data-e2e-labels', JSON.stringify(seen));
      new MutationObserver(() => {
        if (seen.at(-1) !== button.textContent) seen.push(button.textContent ?? '');
        button.setAttribute('data-e2e-labels', JSON.stringify(seen));
      }).observe(button, { childList: true, characterData: true, subtree: true });
    });
    await control.click();
    let labels: string[] = [];
    await expect
      .poll(async () => {
        labels = JSON.parse((await control.getAttribute('data-e2e-labels')) ?? '[]') as string[];
        return labels.length > 1 && labels.at(-1) === 'Resend code';
      })
      .toBe(true);
    return labels;
  }

  async expectVerified(): Promise<void> {
    await expect(this.frame.getByText('Your passcode has been successfully verified.')).toBeVisible();
  }
}
