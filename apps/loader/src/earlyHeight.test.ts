import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_HEIGHT } from '@latch/protocol';
import { listenEarlyHeight } from './earlyHeight';

const AUTH = 'https://auth.example';
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  document.body.replaceChildren();
});

/** An iframe in the document, with a window of its own. */
function iframeWithWindow() {
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  const frameWin = iframe.contentWindow;
  if (!frameWin) throw new Error('the test iframe has no window');
  return { iframe, frameWin };
}

function setup() {
  const { iframe, frameWin } = iframeWithWindow();
  const resize = vi.fn<(height: number) => void>();
  stops.push(listenEarlyHeight(iframe, AUTH, resize));
  const post = (data: unknown, origin = AUTH, source: Window | null = frameWin) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  return { iframe, frameWin, resize, post };
}

describe('listenEarlyHeight', () => {
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
