import {
  ELEMENT_NAMES,
  FRAME_TITLES,
  frameUrl,
  MOUNT_KINDS,
  type MountKind,
  type StylesInput,
} from '@latch/protocol';

/** What a mounted element delegates to; found through the element, never stored on it. */
export interface ElementController {
  focus(): void;
  /** The element left the document without `unmount()`: release the connection. */
  detached(): void;
}

export const controllers = new WeakMap<Element, ElementController>();

/** Mounts or updates an element the page wrote itself (declaredElements.ts); set by the entry point. */
let declared: ((element: HTMLElement, kind: MountKind) => void) | undefined;

/** The options an element takes as attributes (JSON) or properties. */
export const ELEMENT_OPTIONS = ['config', 'styles', 'strings'];
/** Options set as properties, by element; they win over the attribute of the same name. */
export const elementProps = new WeakMap<Element, Record<string, unknown>>();

/**
 * Defines the custom element of `kind` unless defined already. An element the page wrote itself
 * asks `declared` to mount it once it is in the document, and again when an option changes.
 */
function defineElement(kind: MountKind): string {
  const name = ELEMENT_NAMES[kind];
  if (customElements.get(name)) return name;
  class FrameElement extends HTMLElement {
    static observedAttributes = ELEMENT_OPTIONS;
    constructor() {
      super();
      // A property set before the element was defined is an own property: move it behind the setter.
      for (const key of ELEMENT_OPTIONS) {
        if (Object.hasOwn(this, key)) {
          const value: unknown = Reflect.get(this, key);
          Reflect.deleteProperty(this, key);
          Reflect.set(this, key, value);
        }
      }
    }
    /** Waits for the task to end, so the options set together arrive as one mount or update. */
    sync() {
      queueMicrotask(() => {
        if (this.isConnected) declared?.(this, kind);
      });
    }
    connectedCallback() {
      this.sync();
    }
    attributeChangedCallback() {
      this.sync();
    }
    override focus(options?: FocusOptions) {
      const controller = controllers.get(this);
      if (controller) controller.focus();
      else super.focus(options);
    }
    disconnectedCallback() {
      // A move within the page reconnects in the same task; only a real removal releases.
      queueMicrotask(() => {
        if (!this.isConnected) controllers.get(this)?.detached();
      });
    }
  }
  for (const key of ELEMENT_OPTIONS) {
    Object.defineProperty(FrameElement.prototype, key, {
      get(this: FrameElement) {
        return elementProps.get(this)?.[key];
      },
      set(this: FrameElement, value: unknown) {
        elementProps.set(this, { ...elementProps.get(this), [key]: value });
        this.sync();
      },
    });
  }
  customElements.define(name, FrameElement);
  return name;
}

/** Defines the four elements now, so those already in the page mount; `mount` serves them. */
export function defineFrameElements(mount: typeof declared): void {
  declared = mount;
  MOUNT_KINDS.forEach(defineElement);
}

/** A new element of `kind`, for `mount*()`. */
export function createFrameElement(kind: MountKind): HTMLElement {
  const element = document.createElement(defineElement(kind));
  element.style.display = 'block';
  return element;
}

const PERMISSIONS = [
  'publickey-credentials-get',
  'publickey-credentials-create',
  'identity-credentials-get',
  'otp-credentials',
  'clipboard-write',
];

export const SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

export interface FrameParams {
  kind: MountKind;
  authOrigin: string;
  publicToken: string;
  config: Parameters<typeof frameUrl>[0]['config'];
  styles: StylesInput;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';
const DEFAULT_WIDTH = '400px';

/**
 * The theme's container width and color scheme, so the iframe matches the document inside it.
 * A `[light, dark]` pair may give each half its own width: the iframe follows the media feature
 * like the frame's theme does. Answers a function that stops following it.
 */
export function applyFrameStyle(iframe: HTMLIFrameElement, styles: StylesInput): () => void {
  const [light, dark] = Array.isArray(styles) ? styles : [styles, null];
  const style = iframe.style;
  style.setProperty('border', '0');
  style.setProperty('display', 'block');
  style.setProperty('width', '100%');
  style.setProperty('color-scheme', dark ? 'light dark' : 'light');
  const lightWidth = light.container?.width ?? DEFAULT_WIDTH;
  const darkWidth = dark?.container?.width ?? DEFAULT_WIDTH;
  // A CSSOM setter drops an invalid value, so a host string can never inject other declarations.
  const setWidth = (isDark: boolean) => style.setProperty('max-width', isDark ? darkWidth : lightWidth);
  if (!dark || darkWidth === lightWidth || typeof matchMedia !== 'function') {
    setWidth(false);
    return () => undefined;
  }
  const media = matchMedia(DARK_QUERY);
  const follow = () => setWidth(media.matches);
  follow();
  media.addEventListener('change', follow);
  return () => media.removeEventListener('change', follow);
}

const NO_WINDOW = 'Latch: the frame has no window; is its container in the document?';

/**
 * Throws as `frameWindow` does when the iframe has no window, without reading `contentWindow`:
 * reading it right after the iframe is inserted makes the browser build a JavaScript realm for the
 * iframe's initial about:blank document on the host's main thread (tens of ms on a slow phone),
 * although the frame's real document, from another origin, replaces it. An iframe in a document
 * that has a window gets a window of its own as it is inserted.
 */
export function assertFrameWindow(iframe: HTMLIFrameElement): void {
  if (!iframe.isConnected || !iframe.ownerDocument.defaultView) throw new Error(NO_WINDOW);
}

/** The iframe's window, which exists once the iframe is in the document. */
export function frameWindow(iframe: HTMLIFrameElement): Window {
  const win = iframe.contentWindow;
  if (!win) throw new Error(NO_WINDOW);
  return win;
}

/** The sandboxed iframe: only the sandbox flags the frame needs; permissions for the auth origin alone. */
export function createIframe(params: FrameParams): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', SANDBOX);
  iframe.setAttribute('allow', PERMISSIONS.map((p) => `${p} ${params.authOrigin}`).join('; '));
  iframe.setAttribute('referrerpolicy', 'strict-origin');
  iframe.title = FRAME_TITLES[params.kind];
  iframe.src = frameUrl(params);
  return iframe;
}
