import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import type { Callbacks, LatchClient, MountHandle } from '@latch/loader';
import { useLatchClient } from './hooks';

type Mount = (client: LatchClient, options: never) => MountHandle;

/** The options a widget component passes to its `mount*` function, minus `elementId`. */
export interface WidgetOptions {
  callbacks?: Callbacks | undefined;
  getIDPConsentManifest?: ((request: never) => unknown) | undefined;
  [option: string]: unknown;
}

// Runs before paint in the browser; React warns about layout effects on the server, where neither runs.
const useBrowserLayoutEffect = typeof document === 'object' ? useLayoutEffect : useEffect;

/**
 * What decides an update: every option by value except functions, which are called through stable
 * wrappers and only count by presence (a consent manifest function changes the screen; a new
 * callback identity does not).
 */
function updateKey(options: WidgetOptions): string {
  return JSON.stringify(options, (_key, value: unknown) =>
    typeof value === 'function' ? '[function]' : value,
  );
}

/** Options for the loader, with callbacks that always call the latest props. */
function forLoader(options: WidgetOptions, latest: { current: WidgetOptions }, selector: string) {
  const { callbacks: _replaced, getIDPConsentManifest, ...rest } = options;
  return {
    ...rest,
    elementId: selector,
    callbacks: {
      onEvent: (event) => latest.current.callbacks?.onEvent?.(event),
      onError: (error) => latest.current.callbacks?.onError?.(error),
      onEscape: () => latest.current.callbacks?.onEscape?.(),
    } satisfies Required<Callbacks>,
    ...(getIDPConsentManifest
      ? { getIDPConsentManifest: (request: never) => latest.current.getIDPConsentManifest?.(request) }
      : {}),
  };
}

/**
 * Mounts one widget into the element with the returned id while the component is mounted and a
 * client exists (in the browser). Changed options update the same frame in place; unmounting
 * tears it down. StrictMode's mount → unmount → mount ends with exactly one frame.
 */
export function useMountedWidget(mount: Mount, options: WidgetOptions, id?: string): string {
  const client = useLatchClient();
  const generated = useId();
  const elementId = id ?? `latch-${generated}`;
  const latest = useRef(options);
  const handle = useRef<{ handle: MountHandle; key: string } | null>(null);
  const key = updateKey(options);

  useBrowserLayoutEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!client) return;
    const selector = `#${CSS.escape(elementId)}`;
    const current = latest.current;
    const mounted = mount(client, forLoader(current, latest, selector) as never);
    handle.current = { handle: mounted, key: updateKey(current) };
    return () => {
      handle.current = null;
      mounted.unmount();
    };
  }, [client, elementId, mount]);

  useEffect(() => {
    const mounted = handle.current;
    if (!client || !mounted || mounted.key === key) return;
    // Mounting the same kind into the same container updates that frame: same iframe, no reload.
    mounted.handle = mount(client, forLoader(latest.current, latest, `#${CSS.escape(elementId)}`) as never);
    mounted.key = key;
  }, [client, elementId, mount, key]);

  return elementId;
}
