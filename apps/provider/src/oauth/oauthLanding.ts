import type { ErrorType } from '@latch/api';
import type { Queryable } from '../db/Db';
import { magicLinkUrl } from '../magicLinks/magicLinkTokens';
import type { ProjectRef } from '../users/project';
import { errorRedirect } from './oauthErrorPages';
import type { OAuthState } from './oauthTokens';
import { popupResultPage } from './popupResultPage';
import { redirectNoStore } from '../http/redirects';

/** What of the state decides where a finished sign-in goes. */
export type Landing = Pick<OAuthState, 'loginRedirectUrl' | 'signupRedirectUrl' | 'codeChallenge' | 'popup'>;

/** The popup's attempt, when the sign-in was started in popup mode (which requires a challenge). */
const popupChallenge = (landing: Landing): string | null =>
  landing.popup && landing.codeChallenge ? landing.codeChallenge : null;

/**
 * A signed-in visitor: the single-use token goes to the signup or login redirect URL, or, in popup
 * mode, to the frame that opened the popup (which redeems it with its PKCE verifier).
 */
export function landSignedIn(
  authOrigin: string,
  landing: Landing,
  { token, created }: { token: string; created: boolean },
): Response {
  const challenge = popupChallenge(landing);
  if (challenge) return popupResultPage(authOrigin, challenge, { token });
  const url = magicLinkUrl(created ? landing.signupRedirectUrl : landing.loginRedirectUrl, token, 'oauth');
  return redirectNoStore(url);
}

/** A failed sign-in: to the login redirect URL with the error, or in popup mode to the frame. */
export async function landFailed(
  db: Queryable,
  authOrigin: string,
  project: ProjectRef,
  landing: Landing,
  errorType: ErrorType,
  description: string,
): Promise<Response> {
  const challenge = popupChallenge(landing);
  if (challenge) {
    return popupResultPage(authOrigin, challenge, {
      error_type: errorType,
      error_message: description.slice(0, 500),
    });
  }
  return errorRedirect(db, project, landing.loginRedirectUrl, errorType, description);
}
