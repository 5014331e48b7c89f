import type { Gateway, GatewayMessage } from './Gateway';

/** The message's passcode (`metadata.code`), '' when it has none. */
export const passcodeOf = (message: GatewayMessage): string => {
  const code = message.metadata['code'];
  return typeof code === 'string' ? code : '';
};

/**
 * WhatsApp refuses free text to a user who has not written first: its gateways send an
 * authentication template, so a message without a passcode fails without a request.
 */
export function passcodeOnly(gateway: Gateway): Gateway {
  return {
    send: (message, signal) =>
      passcodeOf(message) === ''
        ? Promise.resolve({
            kind: 'failed',
            reason: 'WhatsApp carries only passcodes (an authentication template); this message has no code',
          })
        : gateway.send(message, signal),
  };
}
