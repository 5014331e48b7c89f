export type {
  CookieOptions,
  HostSession,
  SessionChangeListener,
  SessionState,
  SessionUpdateInput,
} from './types';
export { cookieNames, DEFAULT_COOKIE_NAMES, INTERMEDIATE_TOKEN_MS, isLocalhost } from './cookies';
export { readCookie } from './readCookie';
export { parseState, sameState, stateKey } from './stateStorage';
export { REFRESH_INTERVAL_MS, backoffDelay } from './backoff';
export { createSessionManager, type SessionManager, type SessionManagerOptions } from './sessionManager';
export { getSessionManager } from './sharedSession';
export { authenticateByUrl, redeemUrlToken, takeUrlToken, type UrlToken } from './authenticateByUrl';
