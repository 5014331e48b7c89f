import type { InitializeMessengerOptions, Message, MessageHandler, Messenger } from 'penpal';

/**
 * Wraps penpal's messenger to notice every completed handshake. penpal resolves its connection
 * once, but it re-handshakes on the same channel when the parent reconnects; the frame must then
 * call `host.ready()` again, and this is the only place that sees it happen.
 * A handshake completes when ACK2 is sent or received (exactly one per handshake).
 */
export class HandshakeMessenger implements Messenger {
  readonly #inner: Messenger;
  readonly #onHandshake: () => void;

  constructor(inner: Messenger, onHandshake: () => void) {
    this.#inner = inner;
    this.#onHandshake = onHandshake;
  }

  initialize = (options: InitializeMessengerOptions): void => {
    this.#inner.initialize(options);
    // Messages reach handlers only after penpal validated them and checked their origin.
    this.#inner.addMessageHandler((message) => {
      if (message.type === 'ACK2') this.#onHandshake();
    });
  };

  sendMessage = (message: Message, transferables?: Transferable[]): void => {
    this.#inner.sendMessage(message, transferables);
    if (message.type === 'ACK2') this.#onHandshake();
  };

  addMessageHandler = (callback: MessageHandler): void => this.#inner.addMessageHandler(callback);
  removeMessageHandler = (callback: MessageHandler): void => this.#inner.removeMessageHandler(callback);
  destroy = (): void => this.#inner.destroy();
}
