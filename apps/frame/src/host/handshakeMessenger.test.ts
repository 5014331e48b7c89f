import { describe, expect, it, vi } from 'vitest';
import type { Message, MessageHandler, Messenger } from 'penpal';
import { HandshakeMessenger } from './handshakeMessenger';

function fakeInner() {
  const handlers = new Set<MessageHandler>();
  const sent: Message[] = [];
  const inner: Messenger = {
    initialize: vi.fn(),
    sendMessage: (m) => void sent.push(m),
    addMessageHandler: (h) => void handlers.add(h),
    removeMessageHandler: (h) => void handlers.delete(h),
    destroy: vi.fn(),
  };
  const receive = (m: Message) => handlers.forEach((h) => h(m));
  return { inner, sent, receive };
}

const msg = (type: 'SYN' | 'ACK2'): Message =>
  type === 'SYN'
    ? { namespace: 'penpal', channel: undefined, type, participantId: 'p' }
    : { namespace: 'penpal', channel: undefined, type };

describe('HandshakeMessenger', () => {
  it('reports each completed handshake, whichever side sends ACK2', () => {
    const { inner, sent, receive } = fakeInner();
    const onHandshake = vi.fn();
    const messenger = new HandshakeMessenger(inner, onHandshake);
    messenger.initialize({ validateReceivedMessage: (_d): _d is Message => true });
    receive(msg('SYN'));
    expect(onHandshake).not.toHaveBeenCalled();
    receive(msg('ACK2'));
    expect(onHandshake).toHaveBeenCalledTimes(1);
    // The parent reconnects and this time the frame answers with ACK2.
    messenger.sendMessage(msg('ACK2'));
    expect(sent).toHaveLength(1);
    expect(onHandshake).toHaveBeenCalledTimes(2);
    messenger.destroy();
    expect(inner.destroy).toHaveBeenCalled();
  });
});
