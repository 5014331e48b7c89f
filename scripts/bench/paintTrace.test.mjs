import { describe, expect, it } from 'vitest';
import { presentedPaints } from './paintTrace.mjs';

const HOST = 'http://127.0.0.1:3600';
const navigation = (pid, ts, url) => ({
  name: 'navigationStart',
  pid,
  ts,
  args: { data: { documentLoaderURL: url } },
});
const paint = (pid, ts) => ({ name: 'firstContentfulPaint', pid, ts });

describe('presentedPaints', () => {
  it("answers the host page's and each frame renderer's first paint since the host's navigation", () => {
    const events = [
      navigation(7, 1_000_000, 'about:blank'),
      navigation(7, 2_000_000, `${HOST}/bench?config=emailMagicLinks`),
      navigation(9, 2_060_000, 'http://localhost:4600/frame/login?public_token=x'),
      paint(7, 2_150_500),
      paint(9, 2_180_250),
    ];
    expect(presentedPaints(events, HOST)).toEqual({ host: 150.5, frames: [180.3] });
  });

  it('leaves out paints before the navigation, and says when the host never painted or never navigated', () => {
    const events = [paint(7, 1_500_000), navigation(7, 2_000_000, `${HOST}/stytch`)];
    expect(presentedPaints(events, HOST)).toEqual({ host: undefined, frames: [] });
    expect(presentedPaints([paint(7, 1)], HOST)).toBeUndefined();
  });
});
