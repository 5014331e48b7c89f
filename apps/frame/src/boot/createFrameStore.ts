import { toBootstrapData, type BootstrapResponse } from '@latch/api';
import type { FrameInitialState, MountKind } from '@latch/protocol';
import { createWidgetStore, DEFAULT_MOUNT_STATE, type WidgetStore } from '@latch/screens';

/**
 * The widget's first state: the mount's initial state (the frame URL's options, as the provider
 * parsed them) and the project's bootstrap. The provider's server render and the frame's hydration
 * both start from it, so the two render the same markup; the host's `ready()` answer replaces the
 * options afterwards.
 */
export function createFrameStore(
  kind: MountKind,
  { config, styles }: FrameInitialState,
  bootstrap: BootstrapResponse,
): WidgetStore {
  return createWidgetStore({
    mount: { ...DEFAULT_MOUNT_STATE, kind, config, styles },
    bootstrap: toBootstrapData(bootstrap),
  });
}
