import { describe, expect, it, vi } from 'vitest';
import type { FrameMethods } from '@latch/protocol';
import { createFocusRelay } from './focusRelay';

function setup() {
  const iframe = document.createElement('iframe');
  const iframeFocus = vi.spyOn(iframe, 'focus');
  const frame = { focus: vi.fn<FrameMethods['focus']>(async () => {}) };
  return { relay: createFocusRelay(iframe), iframeFocus, frame };
}

describe('createFocusRelay', () => {
  it('delivers a focus request made before the frame connected once it connects', () => {
    const { relay, iframeFocus, frame } = setup();
    relay.focus();
    expect(iframeFocus).toHaveBeenCalledTimes(1);
    relay.connected(frame);
    expect(frame.focus).toHaveBeenCalledWith({});
    relay.focus();
    expect(frame.focus).toHaveBeenCalledTimes(2);
  });

  it('asks a connected frame nothing until focus is requested', () => {
    const { relay, frame } = setup();
    relay.connected(frame);
    expect(frame.focus).not.toHaveBeenCalled();
  });

  it('autofocuses the iframe once, not on every later ready', () => {
    const { relay, iframeFocus } = setup();
    relay.autoFocus();
    relay.autoFocus();
    expect(iframeFocus).toHaveBeenCalledTimes(1);
  });

  it('survives a frame that rejects focus', async () => {
    const { relay, frame } = setup();
    frame.focus.mockRejectedValue(new Error('gone'));
    relay.connected(frame);
    expect(() => relay.focus()).not.toThrow();
    await Promise.resolve();
  });
});
