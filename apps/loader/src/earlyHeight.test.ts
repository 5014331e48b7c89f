import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_HEIGHT, EARLY_HEIGHT_REQUEST } from '@latch/protocol';
import { listenEarlyHeight } from './earlyHeight';

const AUTH = 'https://auth.example';
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  document.body.replaceChildren();
});

/**
 * An iframe whose window is a stand-in (the test DOM loads no frame documents): one holding another
 * origin's document, whose location cannot be read, unless `sameOrigin` (its first about:blank).
 */
function iframeWithWindow({ sameOrigin = false } = {}) {
  const iframe = document.createElement('iframe');
  const postMessage = vi.fn<(message: unknown, targetOrigin: string) => void>();
  const frameWin = {
    postMessage,
    get location() {
      if (sameOrigin) return { href: 'about:blank' };
      throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError');
    },
  } as unknown as Window;
  Object.defineProperty(iframe, 'contentWindow', { value: frameWin });
  return { iframe, frameWin, postMessage };
}

function setup() {
  const { iframe, frameWin, postMessage: asked } = iframeWithWindow();
  const resize = vi.fn<(height: number) => void>();
  stops.push(listenEarlyHeight(iframe, AUTH, resize));
  const post = (data: unknown, origin = AUTH, source: Window | null = frameWin) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  return { iframe, frameWin, asked, resize, post };
}

describe('listenEarlyHeight', () => {
  it('asks a frame that holds another origin for its height once, addressed to the auth origin only', () => {
    const { asked } = setup();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(asked).toHaveBeenCalledWith(EARLY_HEIGHT_REQUEST, AUTH);
  });

  it('does not ask while the iframe still holds its first about:blank: the report is yet to come', () => {
    const { iframe, postMessage: asked } = iframeWithWindow({ sameOrigin: true });
    stops.push(listenEarlyHeight(iframe, AUTH, vi.fn()));
    expect(asked).not.toHaveBeenCalled();
  });

  it("sizes the iframe from its own window's report on the auth origin", () => {
    const { resize, post } = setup();
    post({ type: EARLY_HEIGHT, height: 312.5 });
    expect(resize).toHaveBeenCalledWith(312.5);
  });

  it('ignores a report from another origin, another window or no window', () => {
    const { resize, post } = setup();
    const other = iframeWithWindow();
    post({ type: EARLY_HEIGHT, height: 300 }, 'https://evil.example');
    post({ type: EARLY_HEIGHT, height: 300 }, `${AUTH}:8443`);
    post({ type: EARLY_HEIGHT, height: 300 }, AUTH, other.frameWin);
    post({ type: EARLY_HEIGHT, height: 300 }, AUTH, window);
    post({ type: EARLY_HEIGHT, height: 300 }, AUTH, null);
    expect(resize).not.toHaveBeenCalled();
  });

  it('ignores anything but an early-height message with a height in bounds', () => {
    const { resize, post } = setup();
    for (const data of [
      'latch:early-height',
      { type: 'resize', height: 300 },
      { type: EARLY_HEIGHT },
      { type: EARLY_HEIGHT, height: '300' },
      { type: EARLY_HEIGHT, height: -1 },
      { type: EARLY_HEIGHT, height: 100_001 },
      { type: EARLY_HEIGHT, height: Number.NaN },
      { type: EARLY_HEIGHT, height: Number.POSITIVE_INFINITY },
      [EARLY_HEIGHT, 300],
      null,
    ])
      post(data);
    expect(resize).not.toHaveBeenCalled();
  });

  it('stops listening when stopped (the channel took over)', () => {
    const { resize, post } = setup();
    stops.pop()?.();
    post({ type: EARLY_HEIGHT, height: 300 });
    expect(resize).not.toHaveBeenCalled();
  });
});
