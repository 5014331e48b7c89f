import type { AuthenticateResponse, Session, SessionTokens, User } from '@latch/api';

/** Cookie settings a host passes as `cookieOptions` (Stytch's names). */
export interface CookieOptions {
  /**
   * Name of the opaque session token cookie; default `stytch_session`.
   * @example opaqueTokenCookieName: 'app_session'
   */
  opaqueTokenCookieName?: string;
  /**
   * Name of the session JWT cookie; default `stytch_session_jwt`.
   * @example jwtCookieName: 'app_session_jwt'
   */
  jwtCookieName?: string;
  /**
   * Name of the intermediate session token cookie; default `stytch_intermediate_session_token`.
   * @example istCookieName: 'app_intermediate'
   */
  istCookieName?: string;
  /**
   * Cookie path; default `/`.
   * @example path: '/app'
   */
  path?: string;
  /**
   * Domain used with `availableToSubdomains`; default the page's host name.
   * @example domain: 'example.com'
   */
  domain?: string;
  /**
   * Share the cookies with subdomains (never applied on localhost).
   * @example availableToSubdomains: true
   */
  availableToSubdomains?: boolean;
}

/** The state mirrored in localStorage and shared between tabs. */
export interface SessionState {
  user: User;
  session: Session;
}

/** What a sign-in hands to the host: tokens plus the state. */
export type SessionUpdateInput = SessionTokens & SessionState;

export type SessionChangeListener = (session: Session | null) => void;

/** The public `client.session` surface. */
export interface HostSession {
  /** The current session, or null; synchronous, from memory. */
  getSync(): Session | null;
  /** The current user and session, or null. */
  getInfo(): SessionState | null;
  /** The tokens from the session cookies, or null when signed out. */
  getTokens(): SessionTokens | null;
  /** Called on every change of the session (not on a mere refresh); returns an unsubscribe function. */
  onChange(listener: SessionChangeListener): () => void;
  /** Checks (and with a duration, extends) the session with the provider. */
  authenticate(options?: { session_duration_minutes?: number }): Promise<AuthenticateResponse>;
  /** Revokes the session with the provider, then forgets it locally. */
  revoke(options?: { forceClear?: boolean }): Promise<void>;
}
