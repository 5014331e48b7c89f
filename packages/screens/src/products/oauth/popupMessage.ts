import { isOAuthPopupMessage, type OAuthPopupMessage } from '@latch/api';

/** The parts of a `message` event the frame judges (a MessageEvent has them). */
export interface ReceivedMessage {
  origin: string;
  source: unknown;
  data: unknown;
}

/** The attempt the frame is waiting for. */
export interface PopupAttempt {
  /** The popup this attempt opened: only it may answer. */
  popup: unknown;
  /** The frame's own origin, where the popup's result page is served. */
  origin: string;
  /** The S256 challenge sent to OAuth start; the result names it. */
  challenge: string;
}

/**
 * The popup's result when the message is it, else null: sent from the frame's own origin (the
 * auth origin's result page), by the very window this attempt opened, shaped as a result, and
 * naming this attempt's challenge. Anything else (the host page, another window or tab, an older
 * attempt's popup) is ignored. The token it carries is still worth nothing without the verifier.
 */
export function acceptPopupMessage(
  message: ReceivedMessage,
  attempt: PopupAttempt,
): OAuthPopupMessage | null {
  if (message.origin !== attempt.origin || message.source !== attempt.popup) return null;
  if (!isOAuthPopupMessage(message.data)) return null;
  return message.data.code_challenge === attempt.challenge ? message.data : null;
}
