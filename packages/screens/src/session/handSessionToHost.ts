import type { AuthenticateResponse } from '@latch/api';
import type { WidgetHost } from '../services/WidgetServices';

/**
 * The end of every sign-in: the host gets the session, writes its cookies and starts refreshing.
 * Resolves once the host has stored it, so what follows (events, the next screen) finds it there;
 * a closed channel must not break the screen.
 */
export function handSessionToHost(
  host: Pick<WidgetHost, 'setSession'>,
  { session_token, session_jwt, session, user }: AuthenticateResponse,
): Promise<void> {
  return host.setSession({ session_token, session_jwt, session, user }).catch(() => undefined);
}
