import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import google from './brands/google';
import github from './brands/github';
import { brandIconAsks } from './brandIcons';

describe('brand icons on the OAuth buttons', () => {
  it("draws each configured provider's icon, hidden from assistive technology, and fetches no other", async () => {
    // Test files share their worker's modules: count this render's asks, not the worker's.
    const before = brandIconAsks();
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
    // Only the configured providers' icons were asked for (each is its own chunk in the build).
    const askedNow = [...brandIconAsks()]
      .filter(([id, count]) => count > (before.get(id) ?? 0))
      .map(([id]) => id);
    expect(askedNow.sort()).toEqual(['github', 'google']);
    // The email button is not a brand: no icon.
    expect(screen.getByRole('button', { name: 'Continue with email' }).querySelector('svg')).toBeNull();
  });
});
