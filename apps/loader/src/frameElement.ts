import { ELEMENT_NAMES, FRAME_TITLES, frameUrl, type MountKind, type StylesInput } from '@latch/protocol';

/** What a mounted element delegates to; found through the element, never stored on it. */
export interface ElementController {
  focus(): void;
  /** The element left the document without `unmount()`: release the connection. */
  detached(): void;
}

export const controllers = new WeakMap<Element, ElementController>();

/** Defines the four custom elements on first use, so a page that never mounts pays nothing. */
export function createFrameElement(kind: MountKind): HTMLElement {
  const name = ELEMENT_NAMES[kind];
  if (!customElements.get(name)) {
    customElements.define(
      name,
      class extends HTMLElement {
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
      },
    );
  }
  const element = document.createElement(name);
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

/** The iframe's window, which exists once the iframe is in the document. */
export function frameWindow(iframe: HTMLIFrameElement): Window {
  const win = iframe.contentWindow;
  if (!win) throw new Error('Latch: the frame has no window; is its container in the document?');
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
