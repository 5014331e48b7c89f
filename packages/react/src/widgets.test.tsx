import { act, cleanup, render } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, type LatchClient, type LoginConfig } from '@latch/loader';
import { LatchProvider } from './LatchProvider';
import { LatchLogin, LatchIdentityProvider } from './widgets';

// The real loader: frames are created for real; nothing answers in them, which these tests do not need.
const AUTH_ORIGIN = 'http://localhost:4000';
const TOKEN = 'public-token-test-react-00000000-0000-4000-8000-000000000001';
const passwords: LoginConfig = { products: ['passwords'] };

// Nothing serves the auth origin here: a frame that never answers makes the loader ask the
// provider why (diagnose); answer as a provider would, without the network.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ data: {} })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  cleanup();
  document.body.innerHTML = '';
});

const frames = () => document.querySelectorAll('stytch-ui iframe');

describe('<LatchLogin>', () => {
  it('leaves exactly one frame under StrictMode double effects', () => {
    render(
      <StrictMode>
        <LatchProvider publicToken={TOKEN} authOrigin={AUTH_ORIGIN}>
          <LatchLogin config={passwords} />
        </LatchProvider>
      </StrictMode>,
    );
    expect(frames()).toHaveLength(1);
    expect(document.querySelectorAll('stytch-ui')).toHaveLength(1);
    const iframe = frames()[0];
    expect(iframe?.getAttribute('src')).toMatch(/^http:\/\/localhost:4000\/frame\/login\?/);
  });

  it('updates the mounted frame in place when props change', () => {
    const client = createClient(TOKEN, { authOrigin: AUTH_ORIGIN });
    const mountLogin = vi.spyOn(client, 'mountLogin');
    function Page() {
      const [width, setWidth] = useState('300px');
      return (
        <LatchProvider client={client}>
          <button onClick={() => setWidth('360px')}>wider</button>
          <LatchLogin config={passwords} styles={{ container: { width } }} />
        </LatchProvider>
      );
    }
    const view = render(<Page />);
    const iframe = frames()[0];
    const src = iframe?.getAttribute('src');
    expect(iframe instanceof HTMLIFrameElement && iframe.style.maxWidth).toBe('300px');

    act(() => view.getByText('wider').click());

    expect(frames()).toHaveLength(1);
    expect(frames()[0]).toBe(iframe); // Same iframe, not reloaded.
    expect(iframe?.getAttribute('src')).toBe(src);
    expect(iframe instanceof HTMLIFrameElement && iframe.style.maxWidth).toBe('360px');
    expect(mountLogin).toHaveBeenCalledTimes(2);
    expect(mountLogin.mock.calls[1]?.[0].styles).toEqual({ container: { width: '360px' } });
  });

  it('does not touch the frame when a re-render passes equal props and new callbacks', () => {
    const client = createClient(TOKEN, { authOrigin: AUTH_ORIGIN });
    const mountLogin = vi.spyOn(client, 'mountLogin');
    const seen: string[] = [];
    function Page({ label }: { label: string }) {
      return (
        <LatchProvider client={client}>
          <LatchLogin config={{ products: ['passwords'] }} callbacks={{ onEscape: () => seen.push(label) }} />
        </LatchProvider>
      );
    }
    const view = render(<Page label="first" />);
    view.rerender(<Page label="second" />);
    expect(mountLogin).toHaveBeenCalledTimes(1);
    // The loader holds a stable wrapper that calls the latest callback.
    mountLogin.mock.calls[0]?.[0].callbacks?.onEscape?.();
    expect(seen).toEqual(['second']);
  });

  it('tears the frame down on unmount', () => {
    const client = createClient(TOKEN, { authOrigin: AUTH_ORIGIN });
    const handles: ReturnType<LatchClient['mountLogin']>[] = [];
    const mountLogin = client.mountLogin;
    vi.spyOn(client, 'mountLogin').mockImplementation((options) => {
      const handle = mountLogin(options);
      handles.push(handle);
      return handle;
    });
    function Page() {
      const [shown, setShown] = useState(true);
      return (
        <LatchProvider client={client}>
          <button onClick={() => setShown(false)}>hide</button>
          {shown && <LatchLogin config={passwords} />}
        </LatchProvider>
      );
    }
    const view = render(<Page />);
    const element = handles[0]?.element;
    expect(element?.isConnected).toBe(true);
    act(() => view.getByText('hide').click());
    expect(frames()).toHaveLength(0);
    expect(element?.isConnected).toBe(false);
    // Mounting into a fresh container works again after the teardown.
    expect(() => handles[0]?.unmount()).not.toThrow();
  });

  it('throws the loader’s option errors where React reports them', () => {
    const onError = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <LatchProvider publicToken={TOKEN} authOrigin={AUTH_ORIGIN}>
          {/* @ts-expect-error products are a closed set */}
          <LatchLogin config={{ products: ['carrierPigeon'] }} />
        </LatchProvider>,
      ),
    ).toThrow(/invalid mount option config\.products\[0\]/);
    onError.mockRestore();
  });
});

describe('<LatchIdentityProvider>', () => {
  it('mounts the identity-provider element without a config', () => {
    render(
      <LatchProvider publicToken={TOKEN} authOrigin={AUTH_ORIGIN}>
        <LatchIdentityProvider id="idp" />
      </LatchProvider>,
    );
    const element = document.querySelector('#idp > stytch-identity-provider');
    expect(element?.querySelector('iframe')?.getAttribute('src')).toMatch(/\/frame\/identity-provider\?/);
  });
});

describe('hydration', () => {
  it('adopts the server’s markup and mounts the widget into it', async () => {
    const tree = (
      <LatchProvider publicToken={TOKEN} authOrigin={AUTH_ORIGIN}>
        <p>Sign in</p>
        <LatchLogin config={passwords} />
      </LatchProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.appendChild(container);
    const serverDiv = container.querySelector('[data-latch-widget]');
    expect(serverDiv?.children).toHaveLength(0);

    const recoverable = vi.fn();
    // React reports attribute mismatches (a container id that differs) on the console.
    const consoleError = vi.spyOn(console, 'error');
    const root = await act(async () => hydrateRoot(container, tree, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    // The very element the server rendered now holds the widget.
    expect(container.querySelector('[data-latch-widget]')).toBe(serverDiv);
    expect(serverDiv?.querySelectorAll('stytch-ui iframe')).toHaveLength(1);
    act(() => root.unmount());
    expect(frames()).toHaveLength(0);
  });
});
