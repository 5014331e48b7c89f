import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { submitEmail } from '../test/steps';
import { heldResponse } from '@latch/msw';
import { providerServer, uniqueEmail } from '../test/providerServer';
import { warmUpScreens } from '../test/warmUp';

const provider = providerServer();

const spinnerOf = (button: HTMLElement) => button.querySelector('.latch-button-spinner');

describe('a pressed button shows a spinner while its request is pending', () => {
  beforeAll(warmUpScreens, 30_000);

  it('Continue with email: spinner, busy and disabled until the provider answers', async () => {
    const held = heldResponse();
    provider.override('POST /magic_links/email/login_or_create', held.override);
    renderWidget();
    const button = await screen.findByRole('button', { name: 'Continue with email' });
    expect(spinnerOf(button)).toBeNull();

    await submitEmail(uniqueEmail());
    await waitFor(() => expect(spinnerOf(button)).not.toBeNull());
    expect(spinnerOf(button)?.getAttribute('aria-hidden')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(true);
    // The spinner is decorative: the button keeps its name.
    expect(screen.getByRole('button', { name: 'Continue with email' })).toBe(button);

    held.release();
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
  });

  it('only the pressed OAuth button spins; the others are disabled meanwhile', async () => {
    const { host } = renderWidget({
      config: { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] } },
    });
    host.navigate.mockImplementation(() => new Promise(() => undefined));
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    const github = screen.getByRole('button', { name: 'Continue with Github' });
    fireEvent.click(github);
    await waitFor(() => expect(spinnerOf(github)).not.toBeNull());
    expect(github.getAttribute('aria-busy')).toBe('true');
    expect(spinnerOf(google)).toBeNull();
    expect(google.getAttribute('aria-busy')).toBe('false');
    expect(google.hasAttribute('disabled')).toBe(true);
  });
});
