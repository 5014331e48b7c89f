import type { StylesInput } from '@latch/protocol';
import { applyFrameStyle, createIframe, type FrameParams } from './frameElement';

/** The mount's iframe with everything that styles it: theme width, height, visibility. */
export interface IframeSlot {
  readonly iframe: HTMLIFrameElement;
  restyle(styles: StylesInput): void;
  resize(height: number): void;
  /** The browser's "refused to connect" box is no widget: it stays hidden until the frame answers. */
  setVisible(visible: boolean): void;
  release(): void;
}

export function createIframeSlot(element: HTMLElement, params: FrameParams): IframeSlot {
  const iframe = createIframe(params);
  let unfollowScheme = applyFrameStyle(iframe, params.styles);
  let height = -1;
  element.appendChild(iframe);
  return {
    iframe,
    restyle(styles) {
      unfollowScheme();
      unfollowScheme = applyFrameStyle(iframe, styles);
    },
    resize(next) {
      const px = Math.ceil(next);
      if (px === height) return;
      height = px;
      iframe.style.height = `${px}px`;
    },
    setVisible(visible) {
      // The inline `display:block` would beat the `hidden` attribute, so both are set.
      iframe.hidden = !visible;
      iframe.style.display = visible ? 'block' : 'none';
    },
    release: () => unfollowScheme(),
  };
}
