import { expect, type FrameLocator, type Locator } from '@playwright/test';
import { expectScreenShown } from '../support/screenShown';

export interface MeterReading {
  /** Segments filled, out of four. */
  filled: number;
  /** Computed background colour of the filled segments. */
  colour: string;
}

export interface RequirementLine {
  text: string;
  met: boolean;
}

/** The password screens: Create account, Log In, Reset your password, and their Success! screen. */
export class PasswordScreen {
  readonly continueButton: Locator;
  readonly meter: Locator;

  constructor(readonly frame: FrameLocator) {
    this.continueButton = frame.getByRole('button', { name: 'Continue', exact: true });
    this.meter = frame.getByRole('meter', { name: 'Password strength' });
  }

  async expectCreateAccount(email: string): Promise<void> {
    await expectScreenShown(this.frame, this.frame.getByRole('heading', { name: 'Create account' }));
    await expect(this.frame.getByText('Finish creating your account by setting a password.')).toBeVisible();
    await expect(this.frame.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expect(this.frame.getByRole('textbox', { name: 'Email' })).not.toBeEditable();
  }

  async expectLogIn(): Promise<void> {
    await expectScreenShown(this.frame, this.frame.getByRole('heading', { name: 'Log In' }));
  }

  async expectResetForm(): Promise<void> {
    await expectScreenShown(this.frame, this.frame.getByRole('heading', { name: 'Reset your password' }));
  }

  /** The one password field of the screen ('Password', or 'New password' on reset). */
  field(): Locator {
    return this.frame.locator('input[name="password"]');
  }

  /** Types a password the way a visitor does; the strength check runs as typing pauses. */
  async type(password: string): Promise<void> {
    await this.field().fill(password);
  }

  /** Types a password and submits it with Continue (log in, or create/reset once it is valid). */
  async submit(password: string): Promise<void> {
    await this.type(password);
    await expect(this.continueButton).toBeEnabled();
    await this.continueButton.click();
  }

  async meterReading(): Promise<MeterReading> {
    return this.meter.evaluate((meter) => {
      const on = meter.querySelectorAll('.latch-meter-on');
      return {
        filled: on.length,
        colour: on[0] ? getComputedStyle(on[0]).backgroundColor : '',
      };
    });
  }

  /** The requirement lines (LUDS, or the breached line), each with whether it is met. */
  requirementLines(): Promise<RequirementLine[]> {
    return this.frame.locator('.latch-requirements li').evaluateAll((items) =>
      items.map((li) => ({
        text: li.lastElementChild?.textContent ?? '',
        met: li.classList.contains('latch-requirement-met'),
      })),
    );
  }

  /**
   * Clicks Log In's 'Forgot Password?' once Log In shows whole: a click while the iframe still grows
   * to the screen is lost (see `expectScreenShown`).
   */
  async forgotPassword(): Promise<void> {
    await this.expectLogIn();
    await this.frame.getByRole('button', { name: 'Forgot Password?' }).click();
  }

  /** The 'Forgot password?' screen's title and back button, the controls a toast must not cover. */
  resetEmailSentHeader(): { title: Locator; back: Locator } {
    return {
      title: this.frame.getByRole('heading', { name: 'Forgot password?' }),
      back: this.frame.getByRole('button', { name: 'Back' }),
    };
  }

  async expectResetEmailSent(email: string): Promise<void> {
    await expectScreenShown(this.frame, this.frame.getByRole('heading', { name: 'Forgot password?' }));
    await expect(
      this.frame.getByText(`A link to reset your password was sent to you at ${email}.`),
    ).toBeVisible();
  }

  /** PasswordDedupe: a right password that must be reset first; a reset email went to `email`. */
  async expectSecurityRecheck(email: string): Promise<void> {
    await expectScreenShown(
      this.frame,
      this.frame.getByRole('heading', { name: 'Check your email to set a new password!' }),
    );
    await expect(this.frame.getByText(`A login link was sent to you at ${email}.`)).toBeVisible();
  }

  /** The error under the field (the live region repeats it for screen readers, unseen). */
  async expectError(text: string): Promise<void> {
    await expect(this.frame.locator('p.latch-error-text').filter({ hasText: text })).toHaveText(text);
  }

  /** PasswordConfirmation: 'Success!' and 'You have successfully logged in.' */
  async expectLoggedIn(): Promise<void> {
    await expectScreenShown(this.frame, this.frame.getByRole('heading', { name: 'Success!' }));
    await expect(this.frame.getByText('You have successfully logged in.')).toBeVisible();
  }

  /** The reset screen's way in with the emailed token instead of a new password. */
  async loginWithoutPassword(): Promise<void> {
    await this.frame.getByRole('button', { name: 'Login without a password' }).click();
  }

  /** The reset screen's spinner while a login token is being used. */
  loggingIn(): Locator {
    return this.frame.getByRole('status').filter({ hasText: 'Logging in...' });
  }
}
