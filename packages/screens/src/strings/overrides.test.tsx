import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setMagicLinkEmailAtom } from '../state/formAtoms';
import { dispatchOutcomeAtom } from '../state/widgetAtoms';
import { renderWidget } from '../test/renderWidget';

describe('host string overrides', () => {
  it('replace the English text by id, in text and in labels', async () => {
    renderWidget({
      strings: {
        'button.continueWithEmail': 'Weiter mit E-Mail',
        'formField.email.label': 'E-Mail-Adresse',
        'formField.email.placeholder': 'name@beispiel.de',
      },
    });
    expect(await screen.findByRole('button', { name: 'Weiter mit E-Mail' })).toBeTruthy();
    const field = screen.getByLabelText('E-Mail-Adresse');
    expect(field.getAttribute('placeholder')).toBe('name@beispiel.de');
    expect(screen.queryByText('Continue with email')).toBeNull();
  });

  it('fill placeholders as text: markup in an email is shown, never parsed', async () => {
    const { store, container } = renderWidget({
      strings: { 'emailConfirmation.body': 'Wir haben {email} geschrieben.' },
    });
    const email = '<b>bold</b><img src=x onerror=alert(1)>@example.com';
    act(() => {
      store.set(setMagicLinkEmailAtom, email);
      store.set(dispatchOutcomeAtom, 'magicLinkSent');
    });
    const body = await screen.findByText(`Wir haben ${email} geschrieben.`);
    expect(body.children).toHaveLength(0);
    expect(container.querySelector('b, img')).toBeNull();
  });

  it('an override with markup of its own stays text too', () => {
    const { container } = renderWidget({ strings: { 'login.title': '<i>Hi</i> {missing}' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('<i>Hi</i> {missing}');
    expect(container.querySelector('i')).toBeNull();
  });
});
