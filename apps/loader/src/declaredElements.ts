import { ELEMENT_NAMES, type MountKind } from '@latch/protocol';
import type { LatchClient } from './createClient';
import { dispatchWidgetError } from './domEvents';
import { controllers, defineFrameElements, ELEMENT_OPTIONS, elementProps } from './frameElement';
import type { MountHandle } from './types';

/** Mounts into an element the page wrote itself: `mountFrame` with the element as its own host. */
export type ElementMount = (kind: MountKind, options: unknown, element: HTMLElement) => MountHandle;

const mounts = new WeakMap<LatchClient, ElementMount>();
/** The client created last serves elements without a `public-token` attribute. */
let latest: ElementMount | undefined;
/** Elements this module mounted, so those that `mount*()` created are left to their handle. */
const declared = new WeakSet<Element>();

/** Called by every new client. */
export function registerClient(client: LatchClient, mount: ElementMount): void {
  mounts.set(client, mount);
  latest = mount;
}

/**
 * The element's options: each property, else its attribute as JSON. `undefined` while it has no
 * `config` yet (a framework may set the property after inserting the element), except for the
 * identity provider, whose config is optional.
 */
function readElement(element: HTMLElement, kind: MountKind): Record<string, unknown> | undefined {
  const props = elementProps.get(element) ?? {};
  const options: Record<string, unknown> = { elementId: ELEMENT_NAMES[kind] };
  for (const key of ELEMENT_OPTIONS) {
    const attribute = element.getAttribute(key);
    if (key in props) options[key] = props[key];
    else if (attribute !== null) {
      try {
        options[key] = JSON.parse(attribute);
      } catch {
        throw new TypeError(`Latch: invalid mount option ${key}: the ${key} attribute is not JSON`);
      }
    }
  }
  return 'config' in options || kind === 'identity-provider' ? options : undefined;
}

/**
 * Defines the four elements so those written in HTML mount by themselves. `createClient` makes
 * the client for a `public-token` attribute (one per token); bad options are reported like a
 * `mount*()` call's, as a `stytch-error` event on the element and an uncaught error in the console,
 * and a mounted frame keeps its previous options.
 */
export function declareElements(createClient: (publicToken: string) => LatchClient): void {
  const clients = new Map<string, ElementMount | undefined>();
  const mountFor = (token: string | null) => {
    if (token === null) return latest;
    if (!clients.has(token)) clients.set(token, mounts.get(createClient(token)));
    return clients.get(token);
  };
  defineFrameElements((element, kind) => {
    if (controllers.has(element) && !declared.has(element)) return;
    try {
      const options = readElement(element, kind);
      if (!options) return;
      const mount = mountFor(element.getAttribute('public-token'));
      if (!mount)
        throw new Error(
          `Latch: <${ELEMENT_NAMES[kind]}> needs a public-token attribute, or a client made with Latch.createClient() first.`,
        );
      declared.add(element);
      mount(kind, options, element);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      dispatchWidgetError(element, { message });
      setTimeout(() => {
        throw error;
      });
    }
  });
}
