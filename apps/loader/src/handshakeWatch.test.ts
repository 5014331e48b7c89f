import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WidgetError } from '@latch/protocol';
import { watchHandshake } from './handshakeWatch';

const GRACE = 1500;
const DRAWN_GRACE = 10_000;
const refusal: WidgetError = { message: 'This origin is not authorized.' };
const unanswered: WidgetError = { message: 'The Latch widget could not connect to https://auth.test.' };

function setup() {
  const iframe = document.createElement('iframe');
  let answer: (error: WidgetError | null) => void = () => {};
  const explain = vi.fn(() => new Promise<WidgetError | null>((resolve) => (answer = resolve)));
  const refused = vi.fn();
  const watch = watchHandshake(
    iframe,
    { graceMs: GRACE, drawnGraceMs: DRAWN_GRACE, unanswered },
    explain,
    refused,
  );
  const load = () => iframe.dispatchEvent(new Event('load'));
  return { watch, explain, refused, load, answer: (error: WidgetError | null) => answer(error) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('watchHandshake', () => {
  it('explains a silent frame once, the grace period after it loaded', async () => {
    const { explain, refused, load, answer, watch } = setup();
    load();
    await vi.advanceTimersByTimeAsync(GRACE - 1);
    expect(explain).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(explain).toHaveBeenCalledTimes(1);
    watch.failed(); // the channel failing, later
    load();
    await vi.advanceTimersByTimeAsync(10 * GRACE);
    answer(refusal);
    await vi.advanceTimersByTimeAsync(0);
    expect(explain).toHaveBeenCalledTimes(1);
    expect(refused).toHaveBeenCalledTimes(1);
    expect(refused).toHaveBeenCalledWith(refusal);
  });

  it('gives a frame that reported its drawn height the longer grace after it loaded', async () => {
    const { explain, refused, watch, load, answer } = setup();
    watch.drawn();
    load();
    await vi.advanceTimersByTimeAsync(DRAWN_GRACE - 1);
    expect(explain).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(explain).toHaveBeenCalledTimes(1);
    answer(refusal);
    await vi.advanceTimersByTimeAsync(0);
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('waits the longer grace from the drawn report when it comes after the load', async () => {
    const { explain, watch, load } = setup();
    load();
    await vi.advanceTimersByTimeAsync(GRACE - 100);
    watch.drawn();
    watch.drawn(); // a second report changes nothing
    await vi.advanceTimersByTimeAsync(DRAWN_GRACE - 1);
    expect(explain).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(explain).toHaveBeenCalledTimes(1);
  });

  it('starts no wait for a drawn frame that has not loaded (its scripts are still coming)', async () => {
    const { explain, watch } = setup();
    watch.drawn();
    await vi.advanceTimersByTimeAsync(10 * DRAWN_GRACE);
    expect(explain).not.toHaveBeenCalled();
  });

  it('explains at once when the channel gives up before the frame loads', async () => {
    const { explain, refused, watch, answer } = setup();
    watch.failed();
    expect(explain).toHaveBeenCalledTimes(1);
    answer(refusal);
    await vi.advanceTimersByTimeAsync(0);
    expect(refused).toHaveBeenCalledWith(refusal);
  });

  it('gives a slow frame the provider lets in the longer wait, then reports it unanswered', async () => {
    const { explain, refused, load, answer } = setup();
    load();
    await vi.advanceTimersByTimeAsync(GRACE);
    expect(explain).toHaveBeenCalledTimes(1);
    answer(null); // the provider serves this page: not a refusal
    await vi.advanceTimersByTimeAsync(DRAWN_GRACE - 1);
    expect(refused).not.toHaveBeenCalled();
    expect(explain).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(explain).toHaveBeenCalledTimes(2);
    answer(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(refused).toHaveBeenCalledTimes(1);
    expect(refused).toHaveBeenCalledWith(unanswered);
  });

  it('reports nothing for a slow frame that answers during the longer wait', async () => {
    const { explain, refused, load, answer, watch } = setup();
    load();
    await vi.advanceTimersByTimeAsync(GRACE);
    answer(null);
    await vi.advanceTimersByTimeAsync(DRAWN_GRACE / 2);
    watch.answered();
    await vi.advanceTimersByTimeAsync(10 * DRAWN_GRACE);
    expect(explain).toHaveBeenCalledTimes(1);
    expect(refused).not.toHaveBeenCalled();
  });

  it('reports a failed channel at once when the provider lets the page in', async () => {
    const { refused, watch, answer } = setup();
    watch.failed();
    answer(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(refused).toHaveBeenCalledWith(unanswered);
  });

  it('reports a drawn frame unanswered after its wait, with no second one', async () => {
    const { explain, refused, watch, load, answer } = setup();
    watch.drawn();
    load();
    await vi.advanceTimersByTimeAsync(DRAWN_GRACE);
    answer(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(explain).toHaveBeenCalledTimes(1);
    expect(refused).toHaveBeenCalledWith(unanswered);
  });

  it('stays quiet once the frame answered', async () => {
    const { explain, refused, watch, load } = setup();
    watch.answered();
    load();
    watch.failed();
    await vi.advanceTimersByTimeAsync(10 * GRACE);
    expect(explain).not.toHaveBeenCalled();
    expect(refused).not.toHaveBeenCalled();
  });

  it('reports nothing when the frame answers or the mount goes while the refusal is explained', async () => {
    for (const end of ['answered', 'stop'] as const) {
      const { refused, watch, answer } = setup();
      watch.failed();
      watch[end]();
      answer(refusal);
      await vi.advanceTimersByTimeAsync(0);
      expect(refused).not.toHaveBeenCalled();
    }
  });

  it('explains nothing after stop, even when the frame loads later', async () => {
    const { explain, watch, load } = setup();
    load();
    watch.stop();
    load();
    await vi.advanceTimersByTimeAsync(10 * GRACE);
    expect(explain).not.toHaveBeenCalled();
  });
});
