import {
  expectValue as parse,
  frameMethodSchemas,
  mountStateSchema,
  type FrameMethods,
  type MountState,
} from '@latch/protocol';
import {
  applyMountStateAtom,
  loadNamedColors,
  mountStateAtom,
  stylesMayNameColors,
  type WidgetStore,
} from '@latch/screens';
import { withoutStacks } from './stackless';

export interface FrameMethodDeps {
  store: WidgetStore;
  /** Asks the host for the current mount state again (after `update()`). */
  resync: () => void;
  focusFirstField: () => void;
}

/** What the loader may call on the frame; every argument is validated before use. */
export function createFrameMethods({ store, resync, focusFirstField }: FrameMethodDeps): FrameMethods {
  return {
    update: withoutStacks(async (request: MountState) => {
      const mount = parse(mountStateSchema, request, 'update request');
      // A colour name in the new styles is read with the named-colour table, fetched first.
      if (stylesMayNameColors(mount.styles)) await loadNamedColors();
      store.set(applyMountStateAtom, mount);
      resync();
    }),
    focus: withoutStacks(async (request: Record<string, never>) => {
      parse(frameMethodSchemas.focus, request, 'focus request');
      focusFirstField();
    }),
    sessionChanged: withoutStacks(async (request) => {
      const { session } = parse(frameMethodSchemas.sessionChanged, request, 'sessionChanged request');
      store.set(applyMountStateAtom, { ...store.get(mountStateAtom), session });
    }),
  };
}
