import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastTimers } from './toastTimers';

describe('createToastTimers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('dismisses each toast once its own time is up', () => {
    const dismissed: string[] = [];
    const timers = createToastTimers((id) => dismissed.push(id));
    timers.start('a', 2000);
    timers.start('b', 4000);
    vi.advanceTimersByTime(1999);
    expect(dismissed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(dismissed).toEqual(['a']);
    vi.advanceTimersByTime(2000);
    expect(dismissed).toEqual(['a', 'b']);
  });

  it('pauses with the time left and resumes from it', () => {
    const dismissed: string[] = [];
    const timers = createToastTimers((id) => dismissed.push(id));
    timers.start('a', 2000);
    vi.advanceTimersByTime(1500);
    timers.pause();
    timers.start('late', 100); // started while paused: waits for resume
    vi.advanceTimersByTime(60_000);
    expect(dismissed).toEqual([]);
    timers.resume();
    vi.advanceTimersByTime(99);
    expect(dismissed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(dismissed).toEqual(['late']);
    vi.advanceTimersByTime(400);
    expect(dismissed).toEqual(['late', 'a']);
  });

  it('forgets a toast closed by hand and stops everything on unmount', () => {
    const dismissed: string[] = [];
    const timers = createToastTimers((id) => dismissed.push(id));
    timers.start('closed', 1000);
    timers.start('other', 1000);
    timers.forget('closed');
    timers.stop();
    vi.advanceTimersByTime(5000);
    expect(dismissed).toEqual([]);
  });
});
