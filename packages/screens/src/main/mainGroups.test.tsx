import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../test/renderWidget';

const oauthOptions = {
  providers: [{ type: 'google' as const }],
  loginRedirectURL: 'https://app.example/authenticate',
  signupRedirectURL: 'https://app.example/authenticate',
};

describe("Main's groups", () => {
  it('keeps OAuth and crypto wallets together, with one divider before the email form', async () => {
    const { container } = renderWidget({
      config: { products: ['oauth', 'emailMagicLinks', 'crypto'], emailMagicLinksOptions: {}, oauthOptions },
    });
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    const wallet = await screen.findByRole('button', { name: 'Set up a new crypto wallet' });
    const email = await screen.findByRole('button', { name: 'Continue with email' });
    // One group, in one column: the wallet button right under the OAuth buttons.
    const group = container.querySelector('.latch-social');
    expect(group?.contains(google)).toBe(true);
    expect(group?.contains(wallet)).toBe(true);
    expect(group?.contains(email)).toBe(false);
    expect(screen.getAllByText('or', { exact: true })).toHaveLength(1);
    const order = [google, wallet, email].map((el) =>
      Array.from(container.querySelectorAll('button')).indexOf(el as HTMLButtonElement),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('puts a divider between OAuth and the email form', async () => {
    renderWidget({
      config: { products: ['oauth', 'emailMagicLinks'], emailMagicLinksOptions: {}, oauthOptions },
    });
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(screen.getAllByText('or', { exact: true })).toHaveLength(1);
  });
});
