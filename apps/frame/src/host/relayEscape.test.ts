import { afterEach, describe, expect, it, vi } from 'vitest';
import { relayEscape } from './relayEscape';

describe('relayEscape', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  function setup() {
    const escape = vi.fn(async () => undefined);
    stops.push(relayEscape(document, { escape }));
    const input = document.body.appendChild(document.createElement('input'));
    return { escape, input };
  }

  it('passes Escape pressed anywhere in the frame to the host, and nothing else', () => {
    const { escape, input } = setup();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(escape).toHaveBeenCalledWith({});
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(escape).toHaveBeenCalledTimes(1);
  });

  it('keeps an Escape a control already handled, and stops when asked', () => {
    const { escape, input } = setup();
    input.addEventListener('keydown', (e) => e.preventDefault(), { once: true });
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(escape).not.toHaveBeenCalled();
    stops.pop()?.();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(escape).not.toHaveBeenCalled();
  });

  it('does not break when the channel is closed', async () => {
    const escape = vi.fn(() => Promise.reject(new Error('closed')));
    stops.push(relayEscape(document, { escape }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await Promise.resolve();
    expect(escape).toHaveBeenCalledTimes(1);
  });
});
