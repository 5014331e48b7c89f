import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoginConfig, MountState } from '@latch/protocol';
import {
  AUTHORIZE_SEARCH,
  CALLBACK,
  FIRST_PARTY_SEARCH,
  idpConfig,
  idpSession,
  LOGOUT_SEARCH,
  namelessClient,
  noRedirect,
  renderIdp,
} from '../test/identityProvider/idpFixtures';
import { namelessPasskeys, passkeyAccount } from '../test/passkeys/registrationFixtures';
import {
  setErrorDescriptorAtom,
  setMagicLinkEmailAtom,
  updateOtpStateAtom,
  updatePasswordStateAtom,
} from '../state/formAtoms';
import { applyMountStateAtom, dispatchOutcomeAtom, mountStateAtom } from '../state/widgetAtoms';
import { renderWidget, type WidgetSetup } from '../test/renderWidget';
import { warmUpScreens } from '../test/warmUp';
import { heldResponse } from '@latch/msw';
import { providerServer } from '../test/providerServer';
import {
  COINBASE,
  METAMASK,
  PHANTOM,
  RAINBOW,
  renderCrypto,
  walletAnswers,
} from '../test/crypto/cryptoTestKit';
import { OAUTH_PROVIDERS } from '@latch/api';
import { showToastAtom } from '../toast/toastAtoms';
import type { StringId } from '@latch/protocol';
import { expectCatalogueOnly, MARKERS, PASSKEY_NAME, strayTexts } from '../test/catalogueMarkers';

function render(setup: WidgetSetup = {}) {
  return renderWidget({ ...setup, strings: MARKERS });
}

const EML: LoginConfig = { products: ['emailMagicLinks'] };
const PASSWORDS_AND_EML: LoginConfig = { products: ['passwords', 'emailMagicLinks'] };
const resetMount = (hostSearch: string): Partial<MountState> => ({ kind: 'reset-password', hostSearch });

// The identity-provider screens need the connected apps; the other screens ignore them. The custom
// scope has no description, so the screen names it with the catalogue's words.
const config = idpConfig();
for (const project of config.projects) project.rbac_scopes = [{ scope: 'read:notes', description: '' }];
const provider = providerServer({ config });

describe('every screen takes its text from the catalogue', () => {
  beforeAll(warmUpScreens, 30_000);

  it('the marker check finds text that is not from the catalogue', () => {
    const root = document.createElement('div');
    root.innerHTML = `<p>${MARKERS['login.title']}</p><button aria-label="close">x</button>`;
    expect(strayTexts(root)).toEqual(['text: "x"', 'aria-label: "close"']);
  });

  it('Main with a logo, banner, watermark and the email form', async () => {
    const { store } = render({
      config: EML,
      styles: { logo: { logoImageUrl: 'https://cdn.example/logo.png' } },
      bootstrap: { displayWatermark: true },
    });
    act(() => store.set(setErrorDescriptorAtom, { id: 'error.passkeyUnknown' }));
    await expectCatalogueOnly([
      'login.title',
      'logo.alt',
      'error.passkeyUnknown',
      'formField.email.label',
      'formField.email.placeholder',
      'button.continueWithEmail',
      'watermark.poweredBy',
      'watermark.brand',
    ]);
    fireEvent.click(screen.getByRole('button', { name: MARKERS['button.continueWithEmail'] }));
    await expectCatalogueOnly(['formField.required']);
  });

  it('Main with tabs and the phone form', async () => {
    render({
      config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms', 'whatsapp'] } },
    });
    await expectCatalogueOnly(['tabs.label', 'tab.email', 'tab.text', 'tab.whatsapp']);
    fireEvent.click(screen.getByRole('tab', { name: MARKERS['tab.whatsapp'] }));
    await expectCatalogueOnly([
      'formField.phone.label',
      'formField.country.label',
      'button.continueWithWhatsApp',
    ]);
    await waitFor(() => expect(document.querySelectorAll('option').length).toBeGreaterThan(100));
    expect(strayTexts(document.body)).toEqual([]);
  });

  it('Main with the OAuth buttons', async () => {
    render({
      config: {
        products: ['oauth', 'emailMagicLinks'],
        oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] },
      },
    });
    await expectCatalogueOnly(['oauth.continueWith', 'divider.or', 'button.continueWithEmail']);
  });

  it('Main with the passkey button, and the configuration errors', async () => {
    const { unmount } = render({ config: { products: ['passwords', 'passkeys'] } });
    await expectCatalogueOnly(['button.loginWithPasskey', 'divider.or', 'button.continueWithEmail']);
    unmount();
    const second = render({
      config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } },
    });
    await expectCatalogueOnly(['config.error.emlAndEmailOtp']);
    second.unmount();
    const third = render({ config: { products: ['passkeys'] } });
    await expectCatalogueOnly(['config.error.passkeysAlone']);
    third.unmount();
    const fourth = render({ config: { products: ['otp', 'oauth'] } });
    await expectCatalogueOnly(['config.error.otpNoMethods', 'config.error.oauthNoProviders']);
    fourth.unmount();
    render({ config: { products: [] } });
    await expectCatalogueOnly(['config.error.noProducts']);
  });

  it('the spinner and a toast', async () => {
    // A registration mount waits for the host's session behind a spinner.
    const { store } = render({ config: EML, mount: { kind: 'passkey-registration', session: null } });
    await expectCatalogueOnly(['frame.loading']);
    act(() => store.set(showToastAtom, { kind: 'success', message: MARKERS['password.emailResent'] }));
    await expectCatalogueOnly(['password.emailResent', 'toast.region', 'toast.close']);
  });

  it('EmailConfirmation', async () => {
    const { store } = render({ config: EML });
    act(() => {
      store.set(setMagicLinkEmailAtom, 'ada@example.com');
      store.set(dispatchOutcomeAtom, 'magicLinkSent');
    });
    await expectCatalogueOnly([
      'emailConfirmation.title',
      'emailConfirmation.body',
      'link.openInGmail',
      'link.openInYahoo',
      'link.openInOutlook',
      'button.tryAgain',
    ]);
  });

  it('OTPAuthenticate and OTPConfirmation', async () => {
    const { store } = render({ config: { products: ['otp'], otpOptions: { methods: ['sms'] } } });
    act(() => {
      store.set(updateOtpStateAtom, { type: 'sms', methodId: 'm', otpDestination: '+15555550100' });
      store.set(dispatchOutcomeAtom, 'otpSent');
    });
    await expectCatalogueOnly([
      'button.back',
      'passcode.title',
      'passcode.sentTo',
      'passcode.inputLabel',
      'passcode.digitLabel',
      'passcode.expiresIn',
      'passcode.didntGetIt',
      'passcode.resend',
    ]);
    act(() => store.set(dispatchOutcomeAtom, 'otpVerified'));
    await expectCatalogueOnly(['success.title', 'otpConfirmation.body']);
  });

  it('PasswordCreateOrLogin for a new user, with strength feedback', async () => {
    const { store, container } = render({ config: PASSWORDS_AND_EML });
    act(() => {
      store.set(updatePasswordStateAtom, { email: 'ada@example.com', type: 'new' });
      store.set(dispatchOutcomeAtom, 'userFound');
    });
    await expectCatalogueOnly([
      'password.create.title',
      'password.chooseHowToCreate',
      'button.emailLoginLink',
      'password.create.body',
      'formField.email.label',
      'formField.password.label',
      'password.show',
      'button.continue',
    ]);
    const field = container.querySelector('input[autocomplete="new-password"]') as HTMLInputElement;
    // A breached password: the provider answers its zxcvbn suggestions, all catalogued (its breach
    // warning gives way to the breached line).
    fireEvent.change(field, { target: { value: 'short' } });
    await expectCatalogueOnly([
      'password.strength.label',
      'password.zxcvbn.suggestion.pwned',
      'password.zxcvbn.suggestion.anotherWord',
      'password.requirement.unmet',
      'password.breached',
    ]);
  });

  // The LUDS lines are checked in ResetPasswordLuds.test.tsx, against a provider with that policy.
  it('PasswordResetForm, without a token, and logging in with a login token', async () => {
    const first = render({ config: { products: [] }, mount: resetMount('?token=t1') });
    await expectCatalogueOnly([
      'password.reset.title',
      'formField.newPassword.label',
      'button.loginWithoutPassword',
    ]);
    first.unmount();
    const second = render({ config: { products: [] }, mount: resetMount('') });
    // Missing once the host has answered without one.
    act(() => second.store.set(applyMountStateAtom, second.store.get(mountStateAtom)));
    await expectCatalogueOnly(['password.reset.missingToken']);
    second.unmount();
    provider.override('POST /magic_links/authenticate', heldResponse().override);
    render({ config: { products: [] }, mount: resetMount('?token=t2&stytch_token_type=login') });
    await expectCatalogueOnly(['password.reset.loggingIn']);
  });

  it('PasswordCreateOrLogin for users with and without a password, and the email screens', async () => {
    const { store } = render({ config: PASSWORDS_AND_EML });
    act(() => {
      store.set(updatePasswordStateAtom, { email: 'ada@example.com', type: 'password' });
      store.set(dispatchOutcomeAtom, 'userFound');
    });
    await expectCatalogueOnly(['password.login.title', 'password.forgotLink', 'button.loginWithoutPassword']);
    act(() => store.set(updatePasswordStateAtom, { type: 'passwordless' }));
    await expectCatalogueOnly(['button.emailLoginLink', 'password.createInstead']);
    const outcomes = [
      ['forgotPassword', 'password.forgot.title', 'password.forgot.body'],
      ['passwordBreached', 'password.breached.title', 'password.breached.body'],
      ['createPasswordInstead', 'password.checkEmail.title', 'password.checkEmail.body'],
      ['passwordResetRequired', 'password.dedupe.title', 'password.dedupe.body'],
      ['passwordAuthenticated', 'success.title', 'password.confirmation.body'],
    ] as const;
    for (const [outcome, title, body] of outcomes) {
      act(() => {
        store.set(dispatchOutcomeAtom, 'back');
        store.set(dispatchOutcomeAtom, 'userFound');
        store.set(dispatchOutcomeAtom, outcome);
      });
      const resend: StringId[] = outcome === 'passwordAuthenticated' ? [] : ['password.resendEmail'];
      await expectCatalogueOnly([title, body, ...resend]);
    }
  });

  it('PasskeyConfirmation', async () => {
    const { store } = render({ config: { products: ['emailMagicLinks', 'passkeys'] } });
    act(() => store.set(dispatchOutcomeAtom, 'passkeyAuthenticated'));
    await expectCatalogueOnly(['success.title', 'passkey.confirmation.body']);
  });

  it('the passkey registration screens', async () => {
    // An unnamed passkey and one named by its owner (allowed as data, not interface text).
    const { session, ids } = await passkeyAccount(provider, ['', PASSKEY_NAME]);
    provider.override('GET /users/me', namelessPasskeys(ids.slice(0, 1)));
    const { store, container } = render({
      config: { products: [] },
      mount: { kind: 'passkey-registration', session },
    });
    await expectCatalogueOnly(['passkey.registrationStart.title', 'passkey.create', 'passkey.skip']);
    act(() => store.set(dispatchOutcomeAtom, 'passkeySkipped'));
    await expectCatalogueOnly([
      'passkey.registrationSuccess.title',
      'passkey.existing',
      'passkey.unnamed',
      'passkey.renameItem',
      'passkey.deleteItem',
      'passkey.setupAnother',
      'passkey.done',
    ]);
    fireEvent.click(container.querySelector('[data-passkey-action="rename"]') as HTMLElement);
    await expectCatalogueOnly(['passkey.nameLabel', 'passkey.save', 'passkey.cancel']);
    fireEvent.click(screen.getByRole('button', { name: MARKERS['passkey.cancel'] }));
    fireEvent.click(container.querySelector('[data-passkey-action="delete"]') as HTMLElement);
    await expectCatalogueOnly(['passkey.delete', 'passkey.deleteWarning', 'passkey.cancel']);
  });

  it('the passkey registration screen without a signed-in user', async () => {
    const { store } = render({
      config: { products: [] },
      mount: { kind: 'passkey-registration', session: null },
    });
    // The host answers ready() without a session: the mount refuses.
    act(() => store.set(applyMountStateAtom, store.get(mountStateAtom)));
    await expectCatalogueOnly(['passkey.registrationStart.title', 'config.error.passkeyRegistrationNoUser']);
  });
  it('the identity-provider consent, error and logout screens', async () => {
    const session = await idpSession(provider);
    const every = [
      'openid',
      'profile',
      'email',
      'phone',
      'offline_access',
      'full_access',
      'read:notes',
      'delete:all',
    ];
    const custom = AUTHORIZE_SEARCH.replace('openid%20email%20read:notes%20delete:all', every.join('%20'));
    const consent = renderIdp({ hostSearch: custom, session }, { strings: MARKERS });
    await expectCatalogueOnly([
      'idp.consent.titleCustom',
      'idp.consent.allowTo',
      'idp.scope.openid',
      'idp.scope.profile',
      'idp.scope.email',
      'idp.scope.phone',
      'idp.scope.offline_access',
      'idp.scope.custom',
      'idp.consent.ungrantableSummary',
      'idp.consent.ungrantableHeader',
      'idp.consent.allow',
      'idp.consent.deny',
    ]);
    fireEvent.click(screen.getByRole('button', { name: MARKERS['idp.consent.deny'] }));
    await expectCatalogueOnly(['idp.denied']);
    consent.unmount();

    // A nameless first-party client: no consent, and no redirect back.
    const openid = (search: string) => search.replace('openid%20email%20read:notes%20delete:all', 'openid');
    provider.override('POST /idp/oauth/authorize/start', namelessClient);
    provider.override('POST /idp/oauth/authorize/submit', noRedirect);
    const done = renderIdp({ hostSearch: openid(FIRST_PARTY_SEARCH), session }, { strings: MARKERS });
    await expectCatalogueOnly(['success.title']);
    done.unmount();
    // The provider takes only http(s) redirect URIs; one without a host name (registered by a native
    // app, say) leaves the screen no name to show, so the provider is asked with a registered one.
    provider.override('POST /idp/oauth/authorize/start', async ({ request, passThrough }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const registered = JSON.stringify({ ...body, redirect_uri: CALLBACK });
      const rewritten = new Request(request.url, {
        method: 'POST',
        headers: request.headers,
        body: registered,
      });
      return namelessClient({ request: rewritten, passThrough: () => passThrough(rewritten) });
    });
    const fallback = renderIdp(
      { hostSearch: '?client_id=notes&redirect_uri=x&scope=openid', session: await idpSession(provider) },
      { strings: MARKERS },
    );
    await expectCatalogueOnly([
      'idp.consent.titleStandard',
      'idp.consent.requesting',
      'idp.consent.fallbackClientName',
    ]);
    fallback.unmount();
    provider.server.resetHandlers();

    // A session the provider does not know.
    const error = renderIdp(
      { hostSearch: AUTHORIZE_SEARCH, session: { session_token: 'not-a-session', session_jwt: 'not-a-jwt' } },
      { strings: MARKERS },
    );
    await expectCatalogueOnly(['idp.error.title', 'error.user_unauthenticated']);
    error.unmount();
    const missing = renderIdp({ hostSearch: '', session }, { strings: MARKERS });
    await expectCatalogueOnly(['idp.error.title', 'idp.missingParam']);
    missing.unmount();
    const noSession = renderIdp({ hostSearch: AUTHORIZE_SEARCH, session: null }, { strings: MARKERS });
    await expectCatalogueOnly(['idp.noSession']);
    noSession.unmount();

    renderIdp({ hostSearch: LOGOUT_SEARCH, session }, { strings: MARKERS });
    await expectCatalogueOnly(['idp.logout.title', 'idp.logout.body', 'idp.logout.yes', 'idp.logout.no']);
    fireEvent.click(screen.getByRole('button', { name: MARKERS['idp.logout.no'] }));
    await expectCatalogueOnly(['idp.logout.notLoggedOut']);
  });

  it('the crypto wallet block and screens', async () => {
    const pending = () => new Promise<never>(() => undefined);
    const wallets = [METAMASK, RAINBOW, PHANTOM, COINBASE];
    const providers = OAUTH_PROVIDERS.slice(0, 3).map((type) => ({ type }));
    const main = renderCrypto({
      wallets,
      strings: MARKERS,
      config: { products: ['oauth', 'crypto'], oauthOptions: { providers } },
    });
    await expectCatalogueOnly([
      'crypto.continueWith',
      'crypto.wallet.otherEthereum',
      'crypto.continueWithOther',
    ]);
    fireEvent.click(screen.getByRole('button', { name: MARKERS['crypto.continueWithOther'] }));
    await expectCatalogueOnly(['crypto.other.title', 'button.back', 'crypto.setupNew']);
    fireEvent.click(screen.getByRole('button', { name: MARKERS['crypto.setupNew'] }));
    await expectCatalogueOnly(['crypto.download']);
    main.unmount();

    const connecting = renderCrypto({ wallets, strings: MARKERS, walletRequest: vi.fn(pending) });
    fireEvent.click(await screen.findByRole('button', { name: '⟦crypto.continueWith Metamask⟧' }));
    await expectCatalogueOnly(['crypto.connecting', 'frame.loading']);
    connecting.unmount();

    // The wallet connects but never answers the signature request.
    const signing = walletAnswers(pending);
    const sign = renderCrypto({ wallets, strings: MARKERS, walletRequest: signing });
    fireEvent.click(await screen.findByRole('button', { name: '⟦crypto.continueWith Metamask⟧' }));
    await expectCatalogueOnly(['crypto.signing']);
    sign.unmount();

    const refused = walletAnswers(() => ({ ok: false, code: 4001, message: 'rejected' }));
    const error = renderCrypto({ wallets, strings: MARKERS, walletRequest: refused });
    fireEvent.click(await screen.findByRole('button', { name: '⟦crypto.continueWith Metamask⟧' }));
    await expectCatalogueOnly(['crypto.error.title', 'crypto.error.body']);
    error.unmount();

    renderCrypto({ wallets, strings: MARKERS });
    fireEvent.click(await screen.findByRole('button', { name: '⟦crypto.continueWith Metamask⟧' }));
    await expectCatalogueOnly(['success.title', 'crypto.confirmation.body']);
  });
});
