import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { EARLY_HEIGHT_STOP } from '@latch/protocol';
import { connectHost } from './connectHost';
import type { HostChannelOptions, openHostChannel } from './hostChannel';

type Channel = Awaited<ReturnType<typeof openHostChannel>>;

function options(): HostChannelOptions {
  return { onError: vi.fn() } as Partial<HostChannelOptions> as HostChannelOptions;
}

/** Counts the early-height stop events dispatched on the frame's window during this test. */
function countStops(): () => number {
  let stops = 0;
  const listener = () => stops++;
  addEventListener(EARLY_HEIGHT_STOP, listener);
  onTestFinished(() => removeEventListener(EARLY_HEIGHT_STOP, listener));
  return () => stops;
}

describe('connectHost', () => {
  it('tells the early-height script to stop once the channel is up', async () => {
    const stops = countStops();
    connectHost(options(), () => Promise.resolve({} as Channel));
    await vi.waitFor(() => expect(stops()).toBe(1));
  });

  it('leaves the early height reporting when the channel fails', async () => {
    const stops = countStops();
    const failing = options();
    connectHost(failing, () => Promise.reject(new Error('handshake refused')));
    await vi.waitFor(() => expect(failing.onError).toHaveBeenCalledWith('handshake refused'));
    expect(stops()).toBe(0);
  });
});
