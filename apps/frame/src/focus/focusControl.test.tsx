import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, DEFAULT_BOOTSTRAP } from '@latch/api';
import type { LoginConfig } from '@latch/protocol';
import {
  createWidgetStore,
  DEFAULT_MOUNT_STATE,
  dispatchOutcomeAtom,
  setMagicLinkEmailAtom,
  Widget,
  type WidgetServices,
} from '@latch/screens';
import { createFocusControl } from './focusControl';

afterEach(cleanup);

function renderFrame(config: LoginConfig) {
  const store = createWidgetStore({
    mount: { ...DEFAULT_MOUNT_STATE, config },
    bootstrap: DEFAULT_BOOTSTRAP,
  });
  const ok = vi.fn(async () => undefined);
  const services: WidgetServices = {
    api: createApiClient({
      baseUrl: 'http://auth.test',
      publicToken: 'public-token-test-frame',
      fetch: () => Promise.reject(new TypeError('offline')),
    }),
    host: {
      emitEvent: ok,
      reportError: ok,
      setSession: ok,
      clearSession: ok,
      navigate: vi.fn(async () => ({ accepted: true })),
      escape: ok,
    },
    eventLog: { log: vi.fn(), flush: vi.fn() },
  };
  const view = render(<Widget store={store} services={services} />);
  return { root: view.container, store };
}

describe('focus hand-off', () => {
  it('autoFocus puts focus in the first field once the lazily loaded form is there, once only', async () => {
    const { root } = renderFrame({ products: ['emailMagicLinks'] });
    const control = createFocusControl(root);
    act(() => control.mountStateApplied({ autoFocus: true }));
    await waitFor(() => expect(document.activeElement?.getAttribute('type')).toBe('email'));
    const button = root.querySelector<HTMLButtonElement>('button[type="submit"]');
    act(() => button?.focus());
    // A later ready() answer (reconnect, update) leaves the visitor where they are.
    act(() => control.mountStateApplied({ autoFocus: true }));
    expect(document.activeElement).toBe(button);
  });

  it('does nothing without autoFocus', async () => {
    const { root } = renderFrame({ products: ['emailMagicLinks'] });
    const control = createFocusControl(root);
    act(() => control.mountStateApplied({ autoFocus: false }));
    await waitFor(() => expect(root.querySelector('input')).toBeTruthy());
    expect(document.activeElement).toBe(document.body);
  });

  it("the host's focus() picks the first field over an earlier button", async () => {
    const { root } = renderFrame({ products: ['passwords', 'passkeys'] });
    // The passkey button comes first once the browser's autofill support is known (none here).
    await waitFor(() => expect(root.querySelector('button')?.textContent).toBe('Login with a Passkey'));
    const control = createFocusControl(root);
    act(() => control.focus());
    expect(document.activeElement?.getAttribute('type')).toBe('email');
  });

  it('falls back to the first control on a screen without a field', async () => {
    const { root, store } = renderFrame({ products: ['emailMagicLinks'] });
    act(() => {
      store.set(setMagicLinkEmailAtom, 'ada@example.com');
      store.set(dispatchOutcomeAtom, 'magicLinkSent');
    });
    // The screen change itself moved focus to the new title (the widget's own doing).
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Check your email'));
    act(() => (document.activeElement as HTMLElement).blur());
    const control = createFocusControl(root);
    act(() => control.focus());
    expect(document.activeElement?.textContent).toBe('Open Gmail');
  });
});
