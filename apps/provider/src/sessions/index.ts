/**
 * Sessions: opaque tokens (stored hashed) plus 5-minute RS256 JWTs signed by a per-project key.
 * Every sign-in route ends with `issueSession`; `/sessions/authenticate` and the backend route use
 * `authenticateSessionToken` / `authenticateSessionJwt`; the JWKS route uses `publicJwks`.
 */
export { issueSession } from './issueSession';
export type { IssueSessionInput } from './issueSession';
export {
  authenticateSessionJwt,
  authenticateSessionToken,
  revokeSession,
  revokeUserSessions,
} from './authenticateSession';
export type { AuthenticateSessionInput } from './authenticateSession';
export { addMinutes, JWT_LIFETIME_SECONDS } from './duration';
export { mintSessionJwt, SESSION_CLAIM, verifySessionJwt } from './sessionJwt';
export { currentSigningKey, JWT_ALGORITHM, publicJwks } from './signingKeys';
export type { SigningKey } from './signingKeys';
export { toSession } from './sessionRow';
export type { SessionAttributes, SessionRow } from './sessionRow';
export { requestAttributes } from './requestAttributes';
