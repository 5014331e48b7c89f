import type { AuthenticateResponse } from '@latch/api';
import type { SessionManager } from './sessionManager';

/** Token types this function redeems; `reset_password` and `login` belong to the reset screen. */
const HANDLED = ['magic_links', 'oauth'] as const;
type HandledType = (typeof HANDLED)[number];
const isHandled = (v: string | null): v is HandledType => HANDLED.some((t) => t === v);

/**
 * Redeems `?token=...&stytch_token_type=magic_links|oauth` on a redirect page. The two parameters
 * leave the URL before the call, so a reload or a shared link never replays the token.
 * Returns null when the URL carries no token this function handles.
 */
export async function authenticateByUrl(
  manager: Pick<SessionManager, 'api' | 'update'>,
  options: { session_duration_minutes: number },
  win: Window = window,
): Promise<AuthenticateResponse | null> {
  const url = new URL(win.location.href);
  const token = url.searchParams.get('token');
  const type = url.searchParams.get('stytch_token_type');
  if (!token || !isHandled(type)) return null;
  url.searchParams.delete('token');
  url.searchParams.delete('stytch_token_type');
  win.history.replaceState(win.history.state, '', url.toString());
  const body = { token, session_duration_minutes: options.session_duration_minutes };
  const response =
    type === 'magic_links'
      ? await manager.api.call('POST /magic_links/authenticate', body)
      : await manager.api.call('POST /oauth/authenticate', body);
  manager.update(response);
  return response;
}
