import type { GatewayMessage } from '../src/delivery/gateways/Gateway';

let next = 0;

/** A passcode text as the outbox hands it to a gateway, with a fresh message id. */
export function gatewayMessage(overrides: Partial<GatewayMessage> = {}): GatewayMessage {
  next += 1;
  return {
    messageId: `message-test-${String(next).padStart(8, '0')}`,
    channel: 'sms',
    to: '+12125550123',
    subject: '',
    text: '123456 is your Test Project code. It expires in 5 minutes.',
    html: null,
    metadata: { code: '123456' },
    ...overrides,
  };
}

/** A signal that never aborts. */
export const noAbort = (): AbortSignal => new AbortController().signal;
