import { createStore } from 'jotai';
import type { BootstrapData } from '@latch/api';
import type { MountState } from '@latch/protocol';
import { initWidgetAtom } from './widgetAtoms';

export type WidgetStore = ReturnType<typeof createStore>;

export interface WidgetStoreInit {
  mount: MountState;
  bootstrap: BootstrapData;
}

/** One store per mounted frame, created outside React so the penpal handlers can write to it. */
export function createWidgetStore(init: WidgetStoreInit): WidgetStore {
  const store = createStore();
  store.set(initWidgetAtom, init);
  return store;
}
