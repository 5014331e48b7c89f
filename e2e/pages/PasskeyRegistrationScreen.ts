import { expect, type FrameLocator, type Locator } from '@playwright/test';
import { expectScreenShown } from '../support/screenShown';

/** 'Set up a new Passkey' and 'Passkey successfully created!' with the list of the user's passkeys. */
export class PasskeyRegistrationScreen {
  readonly list: Locator;
  readonly deleteWarning: Locator;

  constructor(readonly frame: FrameLocator) {
    this.list = frame.getByRole('region', { name: 'Existing Passkeys' });
    this.deleteWarning = frame.getByText('Once deleted, the passkey cannot be restored.');
  }

  async expectStart(): Promise<void> {
    await expectScreenShown(this.frame, this.frame.getByRole('heading', { name: 'Set up a new Passkey' }));
  }

  /** 'Create a Passkey': the authenticator answers on its own; the success screen follows. */
  async createPasskey(): Promise<void> {
    await this.frame.getByRole('button', { name: 'Create a Passkey' }).click();
    await expectScreenShown(
      this.frame,
      this.frame.getByRole('heading', { name: 'Passkey successfully created!' }),
    );
  }

  async setUpAnother(): Promise<void> {
    await this.frame.getByRole('button', { name: 'Set up another Passkey' }).click();
    await this.expectStart();
  }

  /** The names listed under 'Existing Passkeys', in order. */
  names(): Locator {
    return this.list.locator('.latch-passkey-name');
  }

  /** Renames the `index`th listed passkey: Rename, type, Save. */
  async rename(index: number, name: string): Promise<void> {
    await this.list
      .getByRole('button', { name: /^Rename / })
      .nth(index)
      .click();
    const field = this.list.getByRole('textbox', { name: 'Passkey name' });
    await field.fill(name);
    await this.list.getByRole('button', { name: 'Save' }).click();
    await expect(field).toHaveCount(0);
  }

  /** Delete on the row of `name`: the confirmation pair and its warning appear. */
  async askToDelete(name: string): Promise<void> {
    await this.list.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await expect(this.deleteWarning).toBeVisible();
  }

  async cancelDelete(): Promise<void> {
    await this.frame.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(this.deleteWarning).toBeHidden();
  }

  async confirmDelete(): Promise<void> {
    await this.frame.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(this.deleteWarning).toBeHidden();
  }
}
