import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heightFollower } from './heightFollower';

describe('heightFollower', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('debounces the first two resizes by 100 ms and applies later ones at once', () => {
    const apply = vi.fn();
    const follower = heightFollower(apply);
    follower.resized(10);
    vi.advanceTimersByTime(50);
    follower.resized(20); // replaces the first before it applied
    vi.advanceTimersByTime(99);
    expect(apply).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(apply.mock.calls).toEqual([[20]]);
    follower.resized(180);
    expect(apply.mock.calls).toEqual([[20], [180]]);
  });

  it('a third resize within the delay drops the pending one', () => {
    const apply = vi.fn();
    const follower = heightFollower(apply);
    follower.resized(10);
    follower.resized(20);
    follower.resized(150);
    expect(apply.mock.calls).toEqual([[150]]);
    vi.advanceTimersByTime(500);
    expect(apply.mock.calls).toEqual([[150]]);
  });

  it('keeps the last height when the prompt reports 0, and stop cancels a pending one', () => {
    const apply = vi.fn();
    const follower = heightFollower(apply);
    follower.resized(0);
    vi.advanceTimersByTime(100);
    expect(apply).not.toHaveBeenCalled();
    follower.resized(60);
    follower.stop();
    vi.advanceTimersByTime(100);
    expect(apply).not.toHaveBeenCalled();
  });
});
