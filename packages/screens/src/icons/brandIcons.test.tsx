import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import google from './brands/google';
import github from './brands/github';
import { requestedBrandIcons } from './brandIcons';

describe('brand icons on the OAuth buttons', () => {
  it("draws each configured provider's icon, hidden from assistive technology, and fetches no other", async () => {
    renderWidget({
      config: {
        products: ['oauth', 'emailMagicLinks'],
        emailMagicLinksOptions: {},
        oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] },
      },
    });
    // The label alone names the button.
    const button = await screen.findByRole('button', { name: 'Continue with Google' });
    const icon = button.querySelector('svg');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.getAttribute('focusable')).toBe('false');
    expect(icon?.getAttribute('data-icon')).toBe('google');
    await waitFor(() => expect(icon?.querySelector('path')?.getAttribute('d')).toBe(google));
    const githubButton = screen.getByRole('button', { name: 'Continue with Github' });
    await waitFor(() => expect(githubButton.querySelector('svg path')?.getAttribute('d')).toBe(github));
    // Only the configured providers' icon modules were imported (each is its own chunk in the build).
    expect(requestedBrandIcons().sort()).toEqual(['github', 'google']);
    // The email button is not a brand: no icon.
    expect(screen.getByRole('button', { name: 'Continue with email' }).querySelector('svg')).toBeNull();
  });
});
