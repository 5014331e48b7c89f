import type { Channel } from '../outbox';

/** One queued message as the delivery worker hands it to a gateway. */
export interface GatewayMessage {
  /** The outbox id: also the idempotency key, for gateways that take one. */
  messageId: string;
  channel: Channel;
  /** A lower-cased email address, an E.164 number, or (for a webhook) the endpoint's URL. */
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** The message's machine-readable extras: `code` for a passcode (WhatsApp templates need it). */
  metadata: Readonly<Record<string, unknown>>;
}

/**
 * What a gateway said. `retry` for what may pass later (a timeout, a dropped connection, a 5xx, a
 * 429, with the gateway's Retry-After when it gave one); `failed` for what never will (an invalid
 * number, a refused address, a 4xx), with the gateway's own reason.
 */
export type SendOutcome =
  | { kind: 'sent'; gatewayId?: string }
  | {
      kind: 'retry';
      reason: string;
      retryAfterMs?: number;
      /** The gateway was never asked: the send only waited here (for a connection or its turn). */
      uncounted?: boolean;
    }
  | { kind: 'failed'; reason: string };

/**
 * The sending process's turn to let a gateway accept a message. A gateway whose protocol ends a
 * message with a step of its own, after which the gateway has it (SMTP's end of data), takes the
 * turn right before that step, and the worker gives it back once the outcome is recorded. So a
 * process killed at any moment leaves at most one message accepted but not recorded: the one a
 * takeover may send again.
 */
export interface AcceptanceTurn {
  /** Waits for the turn; false when `signal` aborts first (the last step must not be taken then). */
  take(signal: AbortSignal): Promise<boolean>;
}

/** A way out of the provider (SMTP, Twilio, Vonage, WhatsApp Cloud API, a signed HTTP hook). */
export interface Gateway {
  /**
   * Answers every gateway answer as an outcome; throws only on a bug. Stops when `signal` aborts.
   * `turn`, when the gateway can hold back its last step, bounds the copies a dying process leaves.
   */
  send(message: GatewayMessage, signal: AbortSignal, turn?: AcceptanceTurn): Promise<SendOutcome>;
}
