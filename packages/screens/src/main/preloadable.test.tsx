import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useState, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

/** A block with state of its own, to see whether it was remounted. */
function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      clicked {count}
    </button>
  );
}

const deferred = () => {
  let resolve: (value: { default: typeof Counter }) => void = () => undefined;
  const promise = new Promise<{ default: typeof Counter }>((r) => (resolve = r));
  return { promise, resolve: () => resolve({ default: Counter }) };
};

const view = (Component: ComponentType) =>
  render(
    <Suspense fallback={<p>loading</p>}>
      <Component />
    </Suspense>,
  );

describe('preloadable', () => {
  afterEach(cleanup);

  it('renders at once, without the fallback, when the chunk arrived before the first render', async () => {
    const block = preloadable(() => Promise.resolve({ default: Counter }));
    await block.preload();
    view(block.Component);
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByRole('button', { name: 'clicked 0' })).toBeTruthy();
  });

  it('suspends like React.lazy when the chunk is still on its way, and fetches it once', async () => {
    let calls = 0;
    const chunk = deferred();
    const block = preloadable(() => {
      calls += 1;
      return chunk.promise;
    });
    void block.preload();
    view(block.Component);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => chunk.resolve());
    expect(await screen.findByRole('button', { name: 'clicked 0' })).toBeTruthy();
    expect(calls).toBe(1);
  });

  it('keeps a mounted block mounted when the chunk arrives later (no lost input)', async () => {
    const chunk = deferred();
    const block = preloadable(() => chunk.promise);
    const { rerender } = view(block.Component);
    await act(async () => chunk.resolve());
    const button = await screen.findByRole('button', { name: 'clicked 0' });
    act(() => button.click());
    rerender(
      <Suspense fallback={<p>loading</p>}>
        <block.Component />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'clicked 1' })).toBeTruthy();
  });

  it('tries again after a failed fetch', async () => {
    let attempt = 0;
    const block = preloadable(() =>
      ++attempt === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Counter }),
    );
    await expect(block.preload()).rejects.toThrow('offline');
    await expect(block.preload()).resolves.toBe(Counter);
  });
});
