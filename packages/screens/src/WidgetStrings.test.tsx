import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from './test/renderWidget';

describe('string overrides', () => {
  it('are shown, and ids the catalogue does not have are reported once to the host', async () => {
    const { host } = renderWidget({ strings: { 'login.title': 'Welcome back', 'no.such.id': 'ignored' } });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeDefined();
    await waitFor(() =>
      expect(host.reportError).toHaveBeenCalledWith({ message: 'Unknown string ids ignored: no.such.id' }),
    );
    expect(host.reportError).toHaveBeenCalledTimes(1);
  });

  it('report nothing when every id is known, or when there are none', async () => {
    const known = renderWidget({ strings: { 'login.title': 'Welcome back' } });
    await screen.findByRole('heading', { name: 'Welcome back' });
    known.unmount();
    const none = renderWidget();
    await screen.findByRole('heading', { name: 'Sign up or log in' });
    // The check, had it run, would have answered by now: the catalogue is loaded by the file setup.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(known.host.reportError).not.toHaveBeenCalled();
    expect(none.host.reportError).not.toHaveBeenCalled();
  });
});
