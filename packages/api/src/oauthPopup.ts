import { isPlainObject } from './isPlainObject';

/** The `type` of the message the OAuth popup's result page posts to the frame that opened it. */
export const OAUTH_POPUP_MESSAGE = 'latch:oauth-popup-result';

/**
 * What the popup's result page (`/v1/public/oauth/{provider}/callback` in popup mode, on the auth
 * origin) posts to its opener, the frame. `code_challenge` names the attempt: the frame accepts
 * only the challenge of the attempt it started, and the `token` is redeemed with that attempt's
 * verifier, which never left the frame.
 */
export type OAuthPopupMessage = { type: typeof OAUTH_POPUP_MESSAGE; code_challenge: string } & (
  OAuthPopupSuccess | OAuthPopupFailure
);
export type OAuthPopupSuccess = { token: string };
export type OAuthPopupFailure = { error_type: string; error_message: string };

const str = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

/** Whether `data` has the shape of a popup result (who sent it is the receiver's check). */
export function isOAuthPopupMessage(data: unknown): data is OAuthPopupMessage {
  if (!isPlainObject(data) || data['type'] !== OAUTH_POPUP_MESSAGE || !str(data['code_challenge'], 128))
    return false;
  if ('token' in data) return str(data['token'], 512);
  return str(data['error_type'], 100) && typeof data['error_message'] === 'string';
}
