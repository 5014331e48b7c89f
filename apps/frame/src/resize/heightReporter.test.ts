import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHeightSender } from './heightReporter';

describe('height sender', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('rounds up, sends the first two changes at once and debounces the rest by 100 ms', () => {
    const sent: number[] = [];
    const sender = createHeightSender((h) => sent.push(h));
    sender.report(100.2);
    sender.report(200);
    expect(sent).toEqual([101, 200]);
    sender.report(300);
    sender.report(310);
    vi.advanceTimersByTime(99);
    expect(sent).toEqual([101, 200]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([101, 200, 310]);
  });

  it('never sends an unchanged height', () => {
    const sent: number[] = [];
    const sender = createHeightSender((h) => sent.push(h));
    sender.report(50);
    sender.report(49.5);
    sender.report(50);
    expect(sent).toEqual([50]);
  });

  it('drops a pending update when the height returns to the last sent one', () => {
    const sent: number[] = [];
    const sender = createHeightSender((h) => sent.push(h));
    sender.report(1);
    sender.report(2);
    sender.report(3);
    sender.report(2);
    vi.advanceTimersByTime(500);
    expect(sent).toEqual([1, 2]);
  });
});
