import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorReply, ok, type StubReply } from '../../test/stubProvider';
import { warmUp } from './loginFixtures';
import { passkey, registrationProvider, renderRegistration } from './registrationFixtures';

const names = () =>
  [...screen.getByRole('list').querySelectorAll('li > span:first-child')].map((s) => s.textContent);

/** Opens the success screen (via Skip) with two passkeys; `routes` answer rename and delete. */
async function openList(routes: Parameters<typeof registrationProvider>[1] = {}) {
  const provider = registrationProvider([passkey('pk-1', 'MacBook'), passkey('pk-2', 'YubiKey')], routes);
  const view = renderRegistration(provider);
  fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
  await screen.findByRole('heading', { name: 'Passkey successfully created!' });
  return { ...view, provider };
}

const deferred = () => {
  let release: (reply: StubReply) => void = () => undefined;
  const promise = new Promise<StubReply>((resolve) => (release = resolve));
  return { promise, release: (reply: StubReply) => release(reply) };
};

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

beforeAll(warmUp);

describe('passkey list', () => {
  it('renames in place at once, one row at a time, with Done and Set up another disabled meanwhile', async () => {
    const answer = deferred();
    const { provider } = await openList({ 'PUT /webauthn/update/pk-1': () => answer.promise });
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
    await waitFor(() =>
      expect(provider.calls.at(-1)).toEqual({
        route: 'PUT /webauthn/update/pk-1',
        body: { name: 'Work laptop' },
      }),
    );
    answer.release(ok({ webauthn_registration: passkey('pk-1', 'Work laptop') }));
    await waitFor(() => expect(button('Done').disabled).toBe(false));
    expect(names()).toEqual(['Work laptop', 'YubiKey']);
    expect(document.activeElement).toBe(button('Rename Work laptop'));
  });

  it('refuses an empty name and cancels with Escape', async () => {
    const { provider } = await openList();
    fireEvent.click(button('Rename YubiKey'));
    const input = screen.getByLabelText('Passkey name');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(button('Save'));
    const description = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('This field is required.');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByLabelText('Passkey name')).toBeNull();
    expect(names()).toEqual(['MacBook', 'YubiKey']);
    expect(provider.calls.filter((c) => c.route.startsWith('PUT'))).toEqual([]);
  });

  it('puts the old name back and shows an error toast when the rename fails', async () => {
    const { host } = await openList({
      'PUT /webauthn/update/pk-2': () => errorReply('unauthorized_action', 403),
    });
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
    const { provider } = await openList();
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
    expect(provider.calls.filter((c) => c.route.startsWith('DELETE'))).toEqual([]);
  });

  it('deletes at once on confirmation', async () => {
    const { provider } = await openList({
      'DELETE /users/webauthn_registrations/pk-1': () => ok({ user_id: 'user-test-1' }),
    });
    fireEvent.click(button('Delete MacBook'));
    fireEvent.click(button('Delete'));
    expect(names()).toEqual(['YubiKey']);
    await waitFor(() =>
      expect(provider.calls.at(-1)).toEqual({
        route: 'DELETE /users/webauthn_registrations/pk-1',
        body: undefined,
      }),
    );
    expect(names()).toEqual(['YubiKey']);
    expect(document.activeElement).toBe(button('Set up another Passkey'));
  });

  it('puts the passkey back in its place and shows an error toast when the delete fails', async () => {
    await openList({
      'DELETE /users/webauthn_registrations/pk-1': () => errorReply('unauthorized_action', 403),
    });
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
