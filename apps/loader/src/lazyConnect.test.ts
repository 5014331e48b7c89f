import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FrameMethods } from '@latch/protocol';
import type { MountParts } from './mountContext';
import { lazyConnect, type ChannelModule } from './lazyConnect';
import type { FrameConnection } from './mountFrame';

const ctx = {} as MountParts; // passed through untouched to the stand-in module below

function setup() {
  const remote = {} as FrameMethods;
  const inner: FrameConnection = { promise: Promise.resolve(remote), destroy: vi.fn(), update: vi.fn() };
  const connectFrame = vi.fn<ChannelModule['connectFrame']>(() => inner);
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const load = vi.fn(async (_origin: string) => {
    await gate;
    return { connectFrame };
  });
  const iframe = document.createElement('iframe');
  document.body.appendChild(iframe);
  return { connect: lazyConnect(load), load, connectFrame, inner, remote, iframe, release };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('lazyConnect', () => {
  it('fetches the channel module for the auth origin, then connects through it', async () => {
    const { connect, load, connectFrame, inner, remote, iframe, release } = setup();
    const connection = connect(iframe, ctx, 'http://localhost:4000');
    expect(load).toHaveBeenCalledWith('http://localhost:4000');
    expect(connectFrame).not.toHaveBeenCalled();
    release();
    await expect(connection.promise).resolves.toBe(remote);
    expect(connectFrame).toHaveBeenCalledWith(iframe, ctx, 'http://localhost:4000');
    connection.update();
    expect(inner.update).toHaveBeenCalledTimes(1);
  });

  it('never connects a frame unmounted while the module loads', async () => {
    const { connect, connectFrame, iframe, release } = setup();
    const connection = connect(iframe, ctx, 'http://localhost:4000');
    connection.destroy();
    release();
    await expect(connection.promise).rejects.toThrow(/unmounted/);
    expect(connectFrame).not.toHaveBeenCalled();
  });

  it('destroys the inner connection once made', async () => {
    const { connect, inner, iframe, release } = setup();
    const connection = connect(iframe, ctx, 'http://localhost:4000');
    release();
    await connection.promise;
    connection.destroy();
    expect(inner.destroy).toHaveBeenCalled();
  });

  it("does not read the iframe's window while the mount runs (that builds its about:blank realm)", () => {
    const { connect, iframe } = setup();
    const contentWindow = vi.spyOn(iframe, 'contentWindow', 'get');
    connect(iframe, ctx, 'http://localhost:4000');
    expect(contentWindow).not.toHaveBeenCalled();
  });

  it('fails when the module cannot load, and throws at once for a frame without a window', async () => {
    const { connect, load, iframe } = setup();
    load.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    await expect(connect(iframe, ctx, 'http://localhost:4000').promise).rejects.toThrow(TypeError);
    iframe.remove();
    expect(() => connect(iframe, ctx, 'http://localhost:4000')).toThrow(/no window/);
  });
});
