import { expect, type FrameLocator } from '@playwright/test';
import { expectScreenShown } from '../support/screenShown';

/** 'Check your email', shown after a magic link was sent. */
export class EmailConfirmationScreen {
  constructor(readonly frame: FrameLocator) {}

  async expectSentTo(email: string): Promise<void> {
    await expectScreenShown(this.frame, this.frame.getByRole('heading', { name: 'Check your email' }));
    await expect(this.frame.getByText(`An email was sent to ${email}.`)).toBeVisible();
  }
}
