import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { providerServer } from '../../test/providerServer';
import { warmUpScreens } from '../../test/warmUp';
import { AUTHORIZE_SEARCH, idpConfig, idpSession, renderIdp } from '../../test/identityProvider/idpFixtures';

const provider = providerServer({ config: idpConfig() });

beforeAll(warmUpScreens, 30_000);

const listed = () => [...document.querySelectorAll('.latch-idp-scopes li')].map((li) => li.textContent);

async function renderWithManifest(answer: () => Promise<{ manifest: unknown }>) {
  const session = await idpSession(provider);
  const view = renderIdp({ hostSearch: AUTHORIZE_SEARCH, session, hasConsentManifest: true });
  view.host.getConsentManifest.mockImplementation(answer);
  return view;
}

describe("identity provider: the host's consent manifest", () => {
  it('shows the host’s wording, groups and details as text, and asks with the scopes and client', async () => {
    const { host } = await renderWithManifest(async () => ({
      manifest: [
        {
          header: 'Your notes',
          items: ['Read them', { text: 'Sort them', details: ['By date', '<b>By tag</b>'] }],
        },
      ],
    }));
    await screen.findByRole('heading', { name: 'Notes wants to access your Acme account' });
    await waitFor(() =>
      expect(listed()).toEqual(['Read them', 'Sort themBy date<b>By tag</b>', 'By date', '<b>By tag</b>']),
    );
    expect(screen.getByText('Your notes')).toBeTruthy();
    expect(document.querySelector('.latch-idp-scopes b')).toBeNull(); // text, never markup
    expect(host.getConsentManifest).toHaveBeenCalledWith({
      scopes: ['openid', 'email', 'read:notes', 'delete:all'],
      clientName: 'Notes',
    });
    expect(screen.getByRole('button', { name: 'Allow' })).toBeTruthy();
  });

  it('falls back to the default screen and tells the host when the manifest is malformed', async () => {
    const { host } = await renderWithManifest(async () => ({ manifest: [{ text: 'x', html: '<img>' }] }));
    await screen.findByRole('heading', { name: 'Notes wants to access your Acme account' });
    await waitFor(() => expect(listed()).toContain('Read your notes'));
    await waitFor(() =>
      expect(host.reportError).toHaveBeenCalledWith({
        message: expect.stringContaining('getIDPConsentManifest failed, the default consent screen is shown'),
      }),
    );
  });

  it('falls back to the default screen when the host renderer throws', async () => {
    const { host } = await renderWithManifest(async () => {
      throw new Error('renderer broke');
    });
    await waitFor(() => expect(listed()).toContain('Read your notes'));
    expect(host.reportError).toHaveBeenCalledWith({ message: expect.stringContaining('renderer broke') });
  });
});
