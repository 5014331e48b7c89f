import { ELEMENT_NAMES, type MountKind } from '@latch/protocol';
import type { MountSpec } from './readMountOptions';
import type { MountHandle } from './types';

/** A live mount, found again when the host mounts the same kind into the same container. */
export interface MountedFrame {
  handle: MountHandle;
  update(spec: MountSpec): void;
}

const mounted = new WeakMap<Element, MountedFrame>();

export const mountedFrames = {
  find(target: Element, kind: MountKind): MountedFrame | undefined {
    const element = Array.from(target.children).find(
      (c) => c.localName === ELEMENT_NAMES[kind] && mounted.has(c),
    );
    return element && mounted.get(element);
  },
  get: (element: Element): MountedFrame | undefined => mounted.get(element),
  add: (element: Element, frame: MountedFrame) => void mounted.set(element, frame),
  delete: (element: Element) => void mounted.delete(element),
};
