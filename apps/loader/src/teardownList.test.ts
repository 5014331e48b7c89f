import { describe, expect, it, vi } from 'vitest';
import { createTeardownList } from './teardownList';

describe('createTeardownList', () => {
  it('releases everything once, in the order added, however often unmount is called', () => {
    const order: string[] = [];
    const teardown = createTeardownList();
    teardown.add(() => order.push('timer'));
    teardown.add(() => order.push('channel'));
    expect(teardown.done).toBe(false);
    teardown.run();
    teardown.run();
    expect(order).toEqual(['timer', 'channel']);
    expect(teardown.done).toBe(true);
  });

  it('runs nothing before it is asked to', () => {
    const release = vi.fn();
    createTeardownList().add(release);
    expect(release).not.toHaveBeenCalled();
  });
});
