import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorResponse, heldResponse } from '@latch/msw';
import { providerServer } from '../../test/providerServer';
import { warmUp } from '../../test/passkeys/loginFixtures';
import { passkeyAccount, renderRegistration } from '../../test/passkeys/registrationFixtures';

const provider = providerServer();

const names = () =>
  [...screen.getByRole('list').querySelectorAll('li > span:first-child')].map((s) => s.textContent);

/** Opens the success screen (via Skip) with the user's two passkeys. */
async function openList() {
  const account = await passkeyAccount(provider, ['MacBook', 'YubiKey']);
  const view = renderRegistration(account.session);
  fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
  await screen.findByRole('heading', { name: 'Passkey setup skipped' });
  const names = async () =>
    ((await provider.sessionOf(account.session.session_token)).user.webauthn_registrations ?? []).map(
      (r) => r.name,
    );
  return { ...view, ...account, storedNames: names };
}
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

beforeAll(warmUp);

describe('passkey list', () => {
  it('renames in place at once, one row at a time, with Done and Set up another disabled meanwhile', async () => {
    const answer = heldResponse();
    provider.override('PUT /webauthn/update/{webauthn_registration_id}', answer.override);
    const { ids, storedNames } = await openList();
    fireEvent.click(button('Rename MacBook'));
    const input = screen.getByLabelText('Passkey name') as HTMLInputElement;
    expect(input.value).toBe('MacBook');
    expect(document.activeElement).toBe(input);
    expect(button('Done').disabled).toBe(true);
    expect(button('Set up another Passkey').disabled).toBe(true);
    expect(button('Rename YubiKey').disabled).toBe(true);
    expect(button('Delete YubiKey').disabled).toBe(true);

    fireEvent.change(input, { target: { value: '  Work laptop ' } });
    fireEvent.click(button('Save'));
    expect(names()).toEqual(['Work laptop', 'YubiKey']);
    expect(button('Done').disabled).toBe(true);
    await waitFor(async () =>
      expect((await provider.sent()).at(-1)).toEqual({
        route: `PUT /webauthn/update/${ids[0]}`,
        body: { name: 'Work laptop' },
      }),
    );
    answer.release();
    await waitFor(() => expect(button('Done').disabled).toBe(false));
    expect(await storedNames()).toEqual(['Work laptop', 'YubiKey']);
    expect(names()).toEqual(['Work laptop', 'YubiKey']);
    expect(document.activeElement).toBe(button('Rename Work laptop'));
  });

  it('refuses an empty name and cancels with Escape', async () => {
    await openList();
    fireEvent.click(button('Rename YubiKey'));
    const input = screen.getByLabelText('Passkey name');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(button('Save'));
    const description = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('This field is required.');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByLabelText('Passkey name')).toBeNull();
    expect(names()).toEqual(['MacBook', 'YubiKey']);
    expect((await provider.sent()).filter((c) => c.route.startsWith('PUT'))).toEqual([]);
  });

  it('puts the old name back and shows an error toast when the rename fails', async () => {
    provider.override(
      'PUT /webauthn/update/{webauthn_registration_id}',
      errorResponse('unauthorized_action', 403),
    );
    const { host } = await openList();
    fireEvent.click(button('Rename YubiKey'));
    fireEvent.change(screen.getByLabelText('Passkey name'), { target: { value: 'Backup key' } });
    fireEvent.click(button('Save'));
    expect(names()).toEqual(['MacBook', 'Backup key']);
    expect(await screen.findByText('Unauthorized action.')).toBeTruthy();
    expect(names()).toEqual(['MacBook', 'YubiKey']);
    expect(host.reportError).toHaveBeenCalledWith(
      expect.objectContaining({ error_type: 'unauthorized_action' }),
    );
  });

  it('asks before deleting; Cancel keeps the passkey', async () => {
    await openList();
    fireEvent.click(button('Delete MacBook'));
    expect(screen.getByText('Once deleted, the passkey cannot be restored.').getAttribute('role')).toBe(
      'alert',
    );
    expect(document.activeElement).toBe(button('Delete'));
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    fireEvent.click(button('Cancel'));
    expect(screen.queryByText('Once deleted, the passkey cannot be restored.')).toBeNull();
    expect(names()).toEqual(['MacBook', 'YubiKey']);
    expect(document.activeElement).toBe(button('Delete MacBook'));
    expect((await provider.sent()).filter((c) => c.route.startsWith('DELETE'))).toEqual([]);
  });

  it('deletes at once on confirmation', async () => {
    const { ids, storedNames } = await openList();
    fireEvent.click(button('Delete MacBook'));
    fireEvent.click(button('Delete'));
    expect(names()).toEqual(['YubiKey']);
    await waitFor(async () =>
      expect((await provider.sent()).at(-1)).toEqual({
        route: `DELETE /users/webauthn_registrations/${ids[0]}`,
        body: undefined,
      }),
    );
    expect(names()).toEqual(['YubiKey']);
    await waitFor(async () => expect(await storedNames()).toEqual(['YubiKey']));
    expect(document.activeElement).toBe(button('Set up another Passkey'));
  });

  it('puts the passkey back in its place and shows an error toast when the delete fails', async () => {
    provider.override(
      'DELETE /users/webauthn_registrations/{webauthn_registration_id}',
      errorResponse('unauthorized_action', 403),
    );
    await openList();
    fireEvent.click(button('Delete MacBook'));
    fireEvent.click(button('Delete'));
    expect(names()).toEqual(['YubiKey']);
    expect(await screen.findByText('Unauthorized action.')).toBeTruthy();
    expect(names()).toEqual(['MacBook', 'YubiKey']);
    expect(within(screen.getByRole('list')).getByRole('button', { name: 'Delete MacBook' })).toBeTruthy();
  });

  it('goes back to set up another passkey, and Done tells the host', async () => {
    const { host } = await openList();
    fireEvent.click(button('Done'));
    expect(host.emitEvent).toHaveBeenLastCalledWith({ type: 'PASSKEY_DONE', data: {} });
    fireEvent.click(button('Set up another Passkey'));
    expect(await screen.findByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Create a Passkey' })).toBeTruthy();
  });
});
