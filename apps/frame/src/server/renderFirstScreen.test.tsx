import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FrameBoot } from '@latch/api';
import { parseFrameSearch, type FrameInitialState } from '@latch/protocol';
import { EARLY_INPUT, EARLY_SUBMIT_SCRIPT, Widget } from '@latch/screens';
import { createFrameStore } from '../boot/createFrameStore';
import { inertServices } from './inertServices';
import { renderFirstScreen } from './renderFirstScreen';

const boot: FrameBoot = {
  publicToken: 'public-token-test-ssr',
  projectId: 'project-test-ssr',
  apiBaseUrl: 'http://localhost:4000',
  allowedOrigins: ['http://127.0.0.1:3000'],
  bootstrap: {
    project_name: 'SSR Test',
    disable_sdk_watermark: false,
    cname_domain: null,
    email_domains: [],
    captcha_settings: { enabled: false },
    pkce_required_for_email_magic_links: false,
    pkce_required_for_password_resets: false,
    pkce_required_for_oauth: false,
    pkce_required_for_sso: false,
    slug_pattern: null,
    create_organization_enabled: false,
    dfp_protected_auth_enabled: false,
    password_config: null,
    rbac_policy: null,
    siwe_required_for_crypto_wallets: false,
    vertical: 'CONSUMER',
  },
};
/** The mount state the provider parses from a frame URL with these options. */
const stateOf = (config: unknown, styles?: unknown): FrameInitialState => {
  const search = `?${new URLSearchParams({ config: JSON.stringify(config), ...(styles ? { styles: JSON.stringify(styles) } : {}) })}`;
  const { errors, ...state } = parseFrameSearch(search);
  expect(errors).toEqual([]);
  return state;
};

const headScriptListeners: [string, EventListenerOrEventListenerObject][] = [];
afterEach(() => {
  document.body.replaceChildren();
  for (const [type, listener] of headScriptListeners.splice(0))
    document.removeEventListener(type, listener, true);
});

/** The frame document's head script, as the provider sends it, listening on this test's document. */
function listenAsTheHeadScript(): void {
  type Add = (type: string, listener: EventListenerOrEventListenerObject) => void;
  const listen = new Function('addEventListener', EARLY_SUBMIT_SCRIPT) as (add: Add) => void;
  listen((type, listener) => {
    headScriptListeners.push([type, listener]);
    document.addEventListener(type, listener, true);
  });
}

const mountHtml = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
};

/** Hydrates the server HTML in `root` as the frame does; returns React's recoverable errors. */
async function hydrate(
  state: FrameInitialState,
  html: string,
  root = mountHtml(html),
  services = inertServices(boot.publicToken, boot.apiBaseUrl),
) {
  const errors: unknown[] = [];
  const store = createFrameStore('login', state, boot.bootstrap);
  await act(async () => {
    hydrateRoot(root, <Widget store={store} services={services} />, {
      onRecoverableError: (error) => errors.push(error),
    });
  });
  return { root, errors };
}

describe('renderFirstScreen', () => {
  it('renders the login form itself, not a spinner, for an email config', async () => {
    const html = await renderFirstScreen({
      kind: 'login',
      state: stateOf({ products: ['emailMagicLinks'] }),
      boot,
    });
    expect(html).toContain('Sign up or log in');
    expect(html).toMatch(/<input[^>]*type="email"/);
    expect(html).toContain('Continue with email');
    expect(html).not.toContain('latch-spinner');
    expect(html).not.toMatch(/<script/);
  });

  it('renders tabs and the phone form when a phone method comes first', async () => {
    const state = stateOf({ products: ['otp'], otpOptions: { methods: ['sms', 'email'] } });
    const html = await renderFirstScreen({ kind: 'login', state, boot });
    expect(html).toContain('role="tablist"');
    expect(html).toMatch(/<input[^>]*type="tel"/);
  });

  it('renders nothing for mounts it does not draw, so the frame renders them itself', async () => {
    for (const kind of ['reset-password', 'passkey-registration', 'identity-provider', 'nope'])
      expect(
        await renderFirstScreen({ kind, state: { config: { products: [] }, styles: {} }, boot }),
      ).toBeNull();
  });

  it('renders the configuration error for a config the frame cannot read, as the frame would', async () => {
    const { errors, ...state } = parseFrameSearch('?config=%7Bbroken');
    expect(errors).toEqual(['config: not JSON']);
    const html = await renderFirstScreen({ kind: 'login', state, boot });
    expect(html).toContain('latch-config-error');
  });

  it('hydrates without a mismatch and without changing the markup', async () => {
    const state = stateOf({ products: ['emailMagicLinks', 'passwords'] }, { colors: { primary: '#224466' } });
    const html = (await renderFirstScreen({ kind: 'login', state, boot })) ?? '';
    const { root, errors } = await hydrate(state, html);
    expect(errors).toEqual([]);
    // The same markup as the server's, once both are parsed (the serialisations differ in case),
    // except the marker the form sets when React takes it over.
    const parsed = document.createElement('div');
    parsed.innerHTML = html;
    const live = ` ${EARLY_INPUT.live}=""`;
    expect(root.innerHTML).toContain(live);
    expect(root.innerHTML.replace(live, '')).toBe(parsed.innerHTML);
  });

  it('draws the email form outside any Suspense boundary, so hydration makes it live in React’s first pass', async () => {
    // React hydrates a drawn boundary (<!--$-->…<!--/$-->) only in a later pass, at its lowest priority.
    const html =
      (await renderFirstScreen({ kind: 'login', state: stateOf({ products: ['emailMagicLinks'] }), boot })) ??
      '';
    const boundaries = [...html.matchAll(/<!--\$-->([\s\S]*?)<!--\/\$-->/g)].map(([, inside]) => inside);
    expect(html).toContain('<form');
    expect(boundaries.filter((inside) => inside?.includes('<form'))).toEqual([]);
  });

  it('hydrates OAuth buttons in a boundary of their own beside the form, without a mismatch', async () => {
    const state = stateOf({
      products: ['oauth', 'emailMagicLinks'],
      oauthOptions: { providers: [{ type: 'google' }] },
    });
    const html = (await renderFirstScreen({ kind: 'login', state, boot })) ?? '';
    expect(html).toMatch(/<!--\$-->[\s\S]*Continue with Google[\s\S]*<!--\/\$-->/);
    const { root, errors } = await hydrate(state, html);
    expect(errors).toEqual([]);
    expect(root.querySelector(`form[${EARLY_INPUT.live}]`)).not.toBeNull();
    expect(root.textContent).toContain('Continue with Google');
  });
  it('hydrates a screen with a logo, whose image React preloads', async () => {
    const state = stateOf(
      { products: ['emailMagicLinks'] },
      { logo: { logoImageUrl: 'https://example.com/logo.png' } },
    );
    const html = (await renderFirstScreen({ kind: 'login', state, boot })) ?? '';
    expect(html).toContain('<img');
    const { root, errors } = await hydrate(state, html);
    expect(errors).toEqual([]);
    expect(root.querySelector('img')?.getAttribute('src')).toBe('https://example.com/logo.png');
  });

  it('resolves a [light, dark] pair in CSS until hydration, then the same values inline', async () => {
    const styles = [{ colors: { primary: '#112233' } }, { colors: { primary: '#ddeeff' } }];
    const state = stateOf({ products: ['emailMagicLinks'] }, styles);
    const html = (await renderFirstScreen({ kind: 'login', state, boot })) ?? '';
    expect(html).toMatch(
      /<style>[^<]*--latch-primary:#112233[^<]*@media \(prefers-color-scheme: ?dark\)[^<]*--latch-primary:#ddeeff/,
    );
    const { root, errors } = await hydrate(state, html);
    expect(errors).toEqual([]);
    expect(root.querySelector('main')?.style.getPropertyValue('--latch-primary')).toBe('#112233');
  });

  it('keeps text typed and a submit pressed before hydration, and acts on them once hydrated', async () => {
    listenAsTheHeadScript();
    const state = stateOf({ products: ['emailMagicLinks'] });
    const html = (await renderFirstScreen({ kind: 'login', state, boot })) ?? '';
    const root = mountHtml(html);
    const input = root.querySelector<HTMLInputElement>('input[name="email"]');
    const form = root.querySelector('form');
    if (!input || !form) throw new Error('no server-rendered form');
    input.value = 'not-an-email';
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    expect(form.hasAttribute(EARLY_INPUT.pendingSubmit)).toBe(true);

    const { errors } = await hydrate(state, html, root);
    expect(errors).toEqual([]);
    expect(input.value).toBe('not-an-email');
    // The replayed submit validated the adopted text (an empty field would say "required").
    expect(root.textContent).toContain('Email format is invalid.');
    expect(form.hasAttribute(EARLY_INPUT.pendingSubmit)).toBe(false);
    expect(form.hasAttribute(EARLY_INPUT.live)).toBe(true);
  });

  it('presses a "Continue with" button pressed before hydration once, when hydrated', async () => {
    listenAsTheHeadScript();
    const state = stateOf({
      products: ['oauth', 'emailMagicLinks'],
      oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] },
    });
    const html = (await renderFirstScreen({ kind: 'login', state, boot })) ?? '';
    const root = mountHtml(html);
    const buttonNamed = (name: string) =>
      [...root.querySelectorAll('button')].find((b) => b.textContent?.includes(name));
    // Two presses before React owns the buttons: the last one is the visitor's choice.
    buttonNamed('Google')?.click();
    buttonNamed('Github')?.click();
    expect(buttonNamed('Github')?.hasAttribute(EARLY_INPUT.pendingPress)).toBe(true);
    expect(buttonNamed('Google')?.hasAttribute(EARLY_INPUT.pendingPress)).toBe(false);

    const navigations: string[] = [];
    const services = inertServices(boot.publicToken, boot.apiBaseUrl);
    services.host.navigate = ({ url }) => {
      navigations.push(url);
      return Promise.resolve({ accepted: true });
    };
    const { errors } = await hydrate(state, html, root, services);
    expect(errors).toEqual([]);
    await waitFor(() => expect(navigations).toHaveLength(1));
    expect(navigations[0]).toContain('/oauth/github/start');
    expect(root.querySelector(`[${EARLY_INPUT.pendingPress}]`)).toBeNull();
  });

  it('keeps a phone number typed before hydration in the phone form’s state', async () => {
    const state = stateOf({ products: ['otp'], otpOptions: { methods: ['sms'] } });
    const html = (await renderFirstScreen({ kind: 'login', state, boot })) ?? '';
    const root = mountHtml(html);
    const input = root.querySelector<HTMLInputElement>('input[name="phone"]');
    if (!input) throw new Error('no server-rendered phone field');
    input.value = '12';
    const { errors } = await hydrate(state, html, root);
    expect(errors).toEqual([]);
    expect(input.value).toBe('12');
    act(() => root.querySelector('form')?.requestSubmit());
    // Checked as a number (with the phone library, a lazy chunk), not refused as an empty field:
    // the widget holds what was typed before it hydrated.
    await waitFor(() => expect(root.textContent).toContain('Phone number format is invalid.'));
    expect(root.textContent).not.toContain('This field is required.');
  });
});
