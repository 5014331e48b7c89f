import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoginConfig } from '@latch/protocol';
import { en } from '@latch/protocol/catalogue';
import { applyMountStateAtom, mountStateAtom } from '../state/widgetAtoms';
import { renderWidget } from '../test/renderWidget';
import { warmUpScreens } from '../test/warmUp';

/** Renders a login mount and lets the host's `ready()` answer arrive with the same options. */
function renderAnswered(config: LoginConfig) {
  const view = renderWidget({ config });
  act(() => view.store.set(applyMountStateAtom, { ...view.store.get(mountStateAtom) }));
  return view;
}

/** Lets a report whose checks are loading arrive (the checks load on first use). */
const settled = () =>
  act(async () => {
    await import('./configReport');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

const messages = (calls: ReadonlyArray<readonly [{ message: string }]>) => calls.map(([e]) => e.message);

describe("the host's onError hears about its configuration", () => {
  beforeAll(warmUpScreens, 30_000);

  it.each<[string, LoginConfig, string]>([
    ['no product', { products: [] }, en['config.error.noProducts']],
    ['OTP without otpOptions', { products: ['otp'] }, en['config.error.otpNoMethods']],
    [
      'OTP with no method',
      { products: ['otp'], otpOptions: { methods: [] } },
      en['config.error.otpNoMethods'],
    ],
    ['OAuth without a provider', { products: ['oauth'] }, en['config.error.oauthNoProviders']],
    ['passkeys alone', { products: ['passkeys'] }, en['config.error.passkeysAlone']],
  ])('%s: shown on Main and reported once', async (_, config, text) => {
    const { host, store } = renderAnswered(config);
    expect((await screen.findByText(text)).getAttribute('role')).toBe('alert');
    await waitFor(() => expect(messages(host.reportError.mock.calls)).toEqual([text]));
    act(() => store.set(applyMountStateAtom, { ...store.get(mountStateAtom) }));
    await settled();
    expect(messages(host.reportError.mock.calls)).toEqual([text]);
  });

  it('magic links with email OTP: the spec text on screen, and what to change in the report', async () => {
    const { host } = renderAnswered({
      products: ['emailMagicLinks', 'otp'],
      otpOptions: { methods: ['email'] },
    });
    expect(await screen.findByText('Error: Cannot use both EML and Email OTP')).toBeTruthy();
    await waitFor(() =>
      expect(messages(host.reportError.mock.calls)).toEqual([
        "Error: Cannot use both EML and Email OTP. Remove 'email' from otpOptions.methods, or 'emailMagicLinks' from products.",
      ]),
    );
  });

  it('an option without effect is named once per set of options', async () => {
    const config: LoginConfig = {
      products: ['oauth'],
      oauthOptions: { providers: [{ type: 'google' }], enableShadowDOM: true },
    };
    const { host, store } = renderAnswered(config);
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    const oneTap = "'oauthOptions.enableShadowDOM' is not supported yet and has no effect";
    await waitFor(() => expect(messages(host.reportError.mock.calls)).toEqual([oneTap]));

    act(() => store.set(applyMountStateAtom, { ...store.get(mountStateAtom) }));
    await settled();
    expect(host.reportError).toHaveBeenCalledTimes(1);
    const withLinks: LoginConfig = {
      ...config,
      products: ['oauth', 'emailMagicLinks'],
      emailMagicLinksOptions: { domainHint: 'example.com' },
    };
    act(() => store.set(applyMountStateAtom, { ...store.get(mountStateAtom), config: withLinks }));
    await waitFor(() =>
      expect(messages(host.reportError.mock.calls).slice(1)).toEqual([
        "'emailMagicLinksOptions.domainHint' is not supported yet and has no effect",
        oneTap,
      ]),
    );
  });

  it('nothing is reported before the host answers', async () => {
    const { host } = renderWidget({ config: { products: [] } });
    await settled();
    expect(host.reportError).not.toHaveBeenCalled();
  });
});
