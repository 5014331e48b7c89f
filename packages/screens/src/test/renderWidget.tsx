import { configure, render } from '@testing-library/react';
import { vi } from 'vitest';
import { createApiClient, DEFAULT_BOOTSTRAP, type BootstrapData } from '@latch/api';
import type { LoginConfig, MountState, StylesInput } from '@latch/protocol';
import { createWidgetStore } from '../state/createWidgetStore';
import { DEFAULT_MOUNT_STATE, sessionTokensAtom } from '../state/widgetAtoms';
import type { EventLogger } from '../services/eventLog';
import type { WidgetHost, WidgetServices } from '../services/WidgetServices';
import { Widget } from '../Widget';
import { testNetwork, TEST_BASE_URL } from './testNetwork';

// Testing Library's cleanup after each test is registered for every file by domFileSetup.ts.
// Screens are lazy chunks, and `npm test` runs these files beside the browser tests on the same
// cores: a screen's first load can outlast the 1 s default. A wait ends as soon as its element is
// there, so the margin costs a passing test nothing.
configure({ asyncUtilTimeout: 10_000 });

export interface WidgetSetup {
  config?: LoginConfig;
  styles?: StylesInput;
  strings?: Record<string, string>;
  bootstrap?: Partial<BootstrapData>;
  mount?: Partial<MountState>;
  fetch?: typeof fetch;
}

/** `getSessionToken` reads the mounted session, as the frame's client does. */
export function createTestServices(fetchImpl?: typeof fetch, getSessionToken?: () => string | null) {
  const host = {
    emitEvent: vi.fn<WidgetHost['emitEvent']>(async () => undefined),
    reportError: vi.fn<WidgetHost['reportError']>(async () => undefined),
    setSession: vi.fn<WidgetHost['setSession']>(async () => undefined),
    clearSession: vi.fn<WidgetHost['clearSession']>(async () => undefined),
    navigate: vi.fn<WidgetHost['navigate']>(async () => ({ accepted: true })),
    escape: vi.fn<WidgetHost['escape']>(async () => undefined),
    getConsentManifest: vi.fn<NonNullable<WidgetHost['getConsentManifest']>>(async () => {
      throw new Error('no getIDPConsentManifest in this test');
    }),
  };
  const eventLog = { log: vi.fn<EventLogger['log']>(), flush: vi.fn<EventLogger['flush']>() };
  const network = testNetwork();
  const api = createApiClient({
    baseUrl: TEST_BASE_URL,
    publicToken: network.publicToken,
    ...(network.parentHost ? { parentHost: network.parentHost } : {}),
    fetch: fetchImpl ?? network.fetch,
    ...(getSessionToken ? { getSessionToken } : {}),
  });
  const services: WidgetServices = { api, host, eventLog };
  return { services, host, eventLog };
}

/** Renders the real widget root with a fresh store, as the frame does. */
export function renderWidget(setup: WidgetSetup = {}) {
  const store = createWidgetStore({
    mount: {
      ...DEFAULT_MOUNT_STATE,
      config: setup.config ?? { products: ['emailMagicLinks'] },
      styles: setup.styles ?? {},
      strings: setup.strings ?? {},
      ...setup.mount,
    },
    bootstrap: { ...DEFAULT_BOOTSTRAP, ...setup.bootstrap },
  });
  const test = createTestServices(setup.fetch, () => store.get(sessionTokensAtom)?.session_token ?? null);
  const view = render(<Widget store={store} services={test.services} />);
  return { ...view, ...test, store };
}
