import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOTSTRAP } from '@latch/api';
import { firstScreenStrings, type LoginConfig, type StringId } from '@latch/protocol';
import { en } from '@latch/protocol/catalogue';
import { Container } from '../Container';
import { ServicesContext } from '../services/ServicesContext';
import { createWidgetStore } from '../state/createWidgetStore';
import { DEFAULT_MOUNT_STATE } from '../state/widgetAtoms';
import { createTestServices } from '../test/renderWidget';
import { StringsContext } from './StringsContext';
import { fillPlaceholders, type Translate } from './translate';

const oauthOptions = {
  providers: [{ type: 'google' as const }],
  loginRedirectURL: 'https://app.example/authenticate',
  signupRedirectURL: 'https://app.example/authenticate',
};

/**
 * The login screen as the frame hydrates it, with a `t` that notes every id outside the
 * catalogue's first part: such an id would hold the first screen until the second part arrived.
 */
function renderMain(config: LoginConfig) {
  const asked = new Set<StringId>();
  const t: Translate = (id, params) => {
    if (!Object.hasOwn(firstScreenStrings, id)) asked.add(id);
    return fillPlaceholders(en[id], params);
  };
  const store = createWidgetStore({
    mount: { ...DEFAULT_MOUNT_STATE, config, styles: {}, strings: {} },
    bootstrap: { ...DEFAULT_BOOTSTRAP, displayWatermark: true },
  });
  const { services } = createTestServices();
  render(
    <Provider store={store}>
      <ServicesContext.Provider value={services}>
        <StringsContext.Provider value={t}>
          <Container />
        </StringsContext.Provider>
      </ServicesContext.Provider>
    </Provider>,
  );
  return asked;
}

/** Submits the form empty, then with a malformed address: both messages come from the first part. */
async function submitBadEmails(button: string) {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  await screen.findAllByText(en['formField.required']);
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'not-an-email' } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

describe("the catalogue's first part", () => {
  it('has every string of the login screen with an email form, and of its validation', async () => {
    const asked = renderMain({ products: ['emailMagicLinks'] });
    await submitBadEmails('Continue with email');
    await screen.findAllByText(en['validation.email.format']);
    expect([...asked]).toEqual([]);
  });

  it('has the strings of passcodes by email, text and WhatsApp, with tabs', async () => {
    const asked = renderMain({ products: ['otp'], otpOptions: { methods: ['email', 'sms', 'whatsapp'] } });
    await submitBadEmails('Continue with email');
    await screen.findAllByText(en['validation.email.otp']);
    fireEvent.click(screen.getByRole('tab', { name: 'Text' }));
    await screen.findByRole('button', { name: 'Continue with text message' });
    fireEvent.click(screen.getByRole('tab', { name: 'WhatsApp' }));
    await screen.findByRole('button', { name: 'Continue with WhatsApp' });
    expect([...asked]).toEqual([]);
  });

  it('has the strings of OAuth, crypto wallets, passkeys and passwords on Main', async () => {
    const asked = renderMain({
      products: ['oauth', 'passwords', 'crypto', 'passkeys'],
      oauthOptions,
      passwordOptions: {},
    });
    await screen.findByRole('button', { name: 'Continue with Google' });
    await screen.findByRole('button', { name: 'Set up a new crypto wallet' });
    await screen.findByRole('button', { name: 'Continue with email' });
    expect([...asked]).toEqual([]);
  });

  it('has the configuration errors Main shows instead of its forms', async () => {
    const asked = renderMain({ products: ['passkeys'] });
    await screen.findByText(en['config.error.passkeysAlone']);
    expect([...asked]).toEqual([]);
  });
});
