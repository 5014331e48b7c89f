import type { AuthenticateResponse } from '@latch/api';
import type { SessionManager } from './sessionManager';

/** Token types this package redeems; `reset_password` belongs to the reset screen. */
const HANDLED = ['magic_links', 'login', 'oauth'] as const;
type HandledType = (typeof HANDLED)[number];
const isHandled = (v: string | null): v is HandledType => HANDLED.some((t) => t === v);

/** A redirect page's token, already removed from the address bar. */
export interface UrlToken {
  token: string;
  type: HandledType;
}

/**
 * Takes `?token=...&stytch_token_type=magic_links|login|oauth` out of the page URL (synchronously, so a
 * reload or a shared link never replays it). Null when the URL has no token this package handles.
 */
export function takeUrlToken(win: Window = window): UrlToken | null {
  const url = new URL(win.location.href);
  const token = url.searchParams.get('token');
  const type = url.searchParams.get('stytch_token_type');
  if (!token || !isHandled(type)) return null;
  url.searchParams.delete('token');
  url.searchParams.delete('stytch_token_type');
  win.history.replaceState(win.history.state, '', url.toString());
  return { token, type };
}

/** Redeems a taken token with the provider and stores the session it yields. */
export async function redeemUrlToken(
  manager: Pick<SessionManager, 'api' | 'update'>,
  { token, type }: UrlToken,
  options: { session_duration_minutes: number },
): Promise<AuthenticateResponse> {
  const body = { token, session_duration_minutes: options.session_duration_minutes };
  // A reset email's `login` link carries a magic-link token, redeemed where Stytch's SDK redeems it.
  const response =
    type === 'oauth'
      ? await manager.api.call('POST /oauth/authenticate', body)
      : await manager.api.call('POST /magic_links/authenticate', body);
  manager.update(response);
  return response;
}

/** `takeUrlToken` then `redeemUrlToken`; null when the URL carries no token this package handles. */
export async function authenticateByUrl(
  manager: Pick<SessionManager, 'api' | 'update'>,
  options: { session_duration_minutes: number },
  win: Window = window,
): Promise<AuthenticateResponse | null> {
  const taken = takeUrlToken(win);
  return taken && redeemUrlToken(manager, taken, options);
}
