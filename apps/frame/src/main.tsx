import { createRoot, hydrateRoot } from 'react-dom/client';
import { createApiClient, type FrameBoot } from '@latch/api';
import type { FrameMethods } from '@latch/protocol';
import {
  applyMountStateAtom,
  configAtom,
  createEventLogger,
  createTranslator,
  loadCatalogue,
  preloadMainBlocks,
  sessionTokensAtom,
  Widget,
  type WidgetServices,
} from '@latch/screens';
import { createFrameStore } from './boot/createFrameStore';
import { mountKindFromPath } from './boot/mountKind';
import { readBoot } from './boot/readBoot';
import { createFocusControl } from './focus/focusControl';
import { connectHost, type HostConnection } from './host/connectHost';
import { createFrameMethods } from './host/frameMethods';
import { relayEscape } from './host/relayEscape';
import { observeHeight } from './resize/heightReporter';

const { t } = createTranslator();
const rootElement = document.getElementById('root');

function showMessage(text: string): void {
  if (!rootElement) return;
  const p = document.createElement('p');
  p.className = 'latch-frame-message';
  p.textContent = text;
  rootElement.replaceChildren(p);
}

/** The host's origin when the browser tells us (Chromium), and only if it is on the allowlist. */
function parentOrigin(allowed: readonly string[]): string | undefined {
  const origin = location.ancestorOrigins?.[0];
  return origin && allowed.includes(origin) ? origin : undefined;
}

function start(boot: FrameBoot, root: HTMLElement): void {
  const kind = mountKindFromPath(location.pathname);
  // Render at once from the URL, as the provider's server render did; the host's ready() answer
  // replaces these options.
  const store = createFrameStore(kind, location.search, boot.bootstrap);
  const config = store.get(configAtom);
  // Fetch Main's blocks alongside React's first render, not after it (the provider modulepreloads them).
  if (kind === 'login') preloadMainBlocks(config);

  let connection: HostConnection | null = null;
  const focusControl = createFocusControl(root);
  const frameMethods: FrameMethods = createFrameMethods({
    store,
    resync: () => connection?.resync(),
    focusFirstField: focusControl.focus,
  });
  connection = connectHost({
    allowedOrigins: boot.allowedOrigins,
    methods: frameMethods,
    onMountState: (mount) => {
      store.set(applyMountStateAtom, mount);
      focusControl.mountStateApplied(mount);
    },
    onError: (message) => console.warn(`[latch frame] ${message}`),
  });
  const { host, resize } = connection;
  relayEscape(document, host);

  const parentHost = parentOrigin(boot.allowedOrigins);
  const api = createApiClient({
    baseUrl: boot.apiBaseUrl,
    publicToken: boot.publicToken,
    getSessionToken: () => store.get(sessionTokensAtom)?.session_token ?? null,
    ...(parentHost ? { parentHost } : {}),
  });
  const eventLog = createEventLogger({
    publicToken: boot.publicToken,
    send: (entries) => api.call('POST /events', entries),
    telemetry: { sdk: 'latch-frame', kind },
  });
  const services: WidgetServices = { api, host, eventLog };

  eventLog.log('sdk_instance_instantiated', {});
  if (kind === 'login') eventLog.log('render_login_screen', { options: config, bootstrap: boot.bootstrap });

  const widget = <Widget store={store} services={services} />;
  // The provider sends the first screen already drawn when it can: take it over without redrawing.
  if (root.firstElementChild)
    hydrateRoot(root, widget, {
      onRecoverableError: (error) => console.warn('[latch frame] hydration:', error),
    });
  else createRoot(root).render(widget);
  // The strings of the later screens, in a chunk of their own: fetched now, while the visitor reads
  // the first screen. A failure is retried by the screen that needs them.
  void loadCatalogue().catch(() => undefined);
  observeHeight(root, resize);
}

// The frame only makes sense inside a host page; opened on its own it talks to nobody.
if (window.top === window) {
  showMessage(t('frame.topLevel'));
} else {
  const boot = readBoot(document);
  if (!boot.ok || !rootElement) {
    showMessage(t('frame.bootError'));
    console.error(`[latch frame] ${boot.ok ? '#root is missing' : boot.error}`);
  } else {
    start(boot.value, rootElement);
  }
}
