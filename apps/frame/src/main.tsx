import { createRoot, hydrateRoot } from 'react-dom/client';
import { createApiClient, type FrameBoot } from '@latch/api';
import type { FrameInitialState } from '@latch/protocol';
import {
  applyMountStateAtom,
  catalogueOnFailure,
  configAtom,
  createEventLogger,
  createTranslator,
  loadCatalogue,
  loadNamedColors,
  preloadMainBlocks,
  sessionTokensAtom,
  stylesMayNameColors,
  Widget,
  type WidgetServices,
} from '@latch/screens';
import { afterHydration } from './boot/afterHydration';
import { createFrameStore } from './boot/createFrameStore';
import { logMountEvents } from './boot/logMountEvents';
import { mountKindFromPath } from './boot/mountKind';
import { initialStateFromUrl, readInitialState } from './boot/readInitialState';
import { readBoot } from './boot/readBoot';
import { createFocusControl } from './focus/focusControl';
import { connectHost } from './host/connectHost';
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

function start(boot: FrameBoot, initialState: FrameInitialState, root: HTMLElement): void {
  const kind = mountKindFromPath(location.pathname);
  // Render at once from the URL's options, as the provider's server render did; the host's ready()
  // answer replaces them.
  const store = createFrameStore(kind, initialState, boot.bootstrap);
  const config = store.get(configAtom);
  // Fetch Main's blocks alongside React's first render, not after it (the provider modulepreloads them).
  if (kind === 'login') preloadMainBlocks(config);

  const focusControl = createFocusControl(root);
  const { host, resize } = connectHost({
    allowedOrigins: boot.allowedOrigins,
    store,
    focusFirstField: focusControl.focus,
    onMountState: (mount) => {
      store.set(applyMountStateAtom, mount);
      focusControl.mountStateApplied(mount);
    },
    onError: (message) => console.warn(`[latch frame] ${message}`),
  });

  const parentHost = parentOrigin(boot.allowedOrigins);
  // A failure is described with the texts of the catalogue's second part: it waits for them.
  const api = catalogueOnFailure(
    createApiClient({
      baseUrl: boot.apiBaseUrl,
      publicToken: boot.publicToken,
      getSessionToken: () => store.get(sessionTokensAtom)?.session_token ?? null,
      ...(parentHost ? { parentHost } : {}),
    }),
  );
  const eventLog = createEventLogger({
    publicToken: boot.publicToken,
    send: (entries) => api.call('POST /events', entries),
    telemetry: { sdk: 'latch-frame', kind },
  });
  const services: WidgetServices = { api, host, eventLog };

  logMountEvents(eventLog, kind, config, boot.bootstrap);

  const widget = <Widget store={store} services={services} />;
  // The provider sends the first screen already drawn when it can: take it over without redrawing.
  if (root.firstElementChild)
    hydrateRoot(root, widget, {
      onRecoverableError: (error) => console.warn('[latch frame] hydration:', error),
    });
  else createRoot(root).render(widget);
  // The strings of the later screens, in a chunk of their own: fetched once the first screen is
  // hydrated, while the visitor reads it. A failure is retried by the screen that needs them.
  void afterHydration()
    .then(loadCatalogue)
    .catch(() => undefined);
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
    // The state the provider parsed for this document; without it (a document it did not serve),
    // the frame parses its own URL with the same parser, fetched for that.
    const embedded = readInitialState(document);
    const root = rootElement;
    const { value } = boot;
    // Styles that may name a colour wait for the named-colour table (a chunk of its own), so the
    // first render or hydration reads them as the server render did; the drawn screen stays as it is.
    const ready = (state: FrameInitialState) =>
      stylesMayNameColors(state.styles) ? loadNamedColors().then(() => state) : state;
    if (embedded && !stylesMayNameColors(embedded.styles)) start(value, embedded, root);
    else
      void (embedded ? Promise.resolve(embedded) : initialStateFromUrl(location.search)).then(ready).then(
        (state) => start(value, state, root),
        (error: unknown) => {
          showMessage(t('frame.bootError'));
          console.error('[latch frame] a chunk the first render needs did not load', error);
        },
      );
  }
}
