import { toBootstrapData, type BootstrapResponse } from '@latch/api';
import { parseFrameSearch, type MountKind } from '@latch/protocol';
import { createWidgetStore, DEFAULT_MOUNT_STATE, type WidgetStore } from '@latch/screens';

/**
 * The widget's first state, read from the frame URL's query and the project's bootstrap. The
 * provider's server render and the frame's hydration both start from it, so the two render the same
 * markup; the host's `ready()` answer replaces the options afterwards.
 */
export function createFrameStore(kind: MountKind, search: string, bootstrap: BootstrapResponse): WidgetStore {
  const { config, styles } = parseFrameSearch(search);
  return createWidgetStore({
    mount: { ...DEFAULT_MOUNT_STATE, kind, config, styles },
    bootstrap: toBootstrapData(bootstrap),
  });
}
