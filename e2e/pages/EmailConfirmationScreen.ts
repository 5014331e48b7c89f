import { expect, type FrameLocator } from '@playwright/test';

/** 'Check your email', shown after a magic link was sent. */
export class EmailConfirmationScreen {
  constructor(readonly frame: FrameLocator) {}

  async expectSentTo(email: string): Promise<void> {
    await expect(this.frame.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(this.frame.getByText(`An email was sent to ${email}.`)).toBeVisible();
  }
}
