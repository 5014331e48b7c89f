import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setMagicLinkEmailAtom } from '../state/formAtoms';
import { dispatchOutcomeAtom } from '../state/widgetAtoms';
import { renderWidget } from '../test/renderWidget';
import { providerServer, uniqueEmail } from '../test/providerServer';
import { warmUpScreens } from '../test/warmUp';

providerServer();

describe('focus on a screen change', () => {
  beforeAll(warmUpScreens, 30_000);

  it('goes to the first field of the next screen: the first passcode box', async () => {
    renderWidget({
      config: { products: ['otp'], otpOptions: { methods: ['email'] } },
    });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: uniqueEmail() } });
    const submit = screen.getByRole('button', { name: 'Continue with email' });
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Digit 1 of 6')));
  });

  it('goes to the heading of a screen without a field, focusable by script only', async () => {
    const { store } = renderWidget();
    await screen.findByLabelText('Email');
    act(() => {
      store.set(setMagicLinkEmailAtom, 'ada@example.com');
      store.set(dispatchOutcomeAtom, 'magicLinkSent');
    });
    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('leaves the first screen alone and does not take focus from outside the widget', async () => {
    const outside = document.body.appendChild(document.createElement('button'));
    outside.focus();
    const { store } = renderWidget();
    await screen.findByLabelText('Email');
    expect(document.activeElement).toBe(outside);
    act(() => store.set(dispatchOutcomeAtom, 'magicLinkSent'));
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });
});
