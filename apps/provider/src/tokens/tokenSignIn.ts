import type { RequestSession } from '../users';

/** A sign-in by a single-use token (a magic link, a reset email's login link, an OAuth landing). */
export interface TokenSignIn {
  token: string;
  /** The PKCE verifier, when the token was issued with a challenge. */
  codeVerifier?: string | undefined;
  requestSession: RequestSession;
  now: Date;
}
