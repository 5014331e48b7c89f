import { HTTPException } from 'hono/http-exception';
import { AuthError } from '../errors/AuthError';
import { signIns } from './metrics';

/**
 * The routes that prove a factor and start a session, by pattern, and the method
 * `latch_sign_ins_total` counts each under (sign-ups, resets and registrations are not sign-ins).
 * A new sign-in route joins this list.
 */
export const SIGN_IN_ROUTES = {
  '/sdk/v1/otps/authenticate': 'otp',
  '/v1/otps/authenticate': 'otp',
  '/sdk/v1/magic_links/authenticate': 'magic_link',
  '/v1/magic_links/authenticate': 'magic_link',
  '/sdk/v1/passwords/authenticate': 'password',
  '/v1/passwords/authenticate': 'password',
  '/sdk/v1/webauthn/authenticate': 'passkey',
  '/sdk/v1/oauth/authenticate': 'oauth',
  '/v1/oauth/authenticate': 'oauth',
  '/sdk/v1/crypto_wallets/authenticate': 'crypto_wallet',
  '/sdk/v1/sessions/attest': 'trusted_token',
} as const satisfies Record<string, string>;

type SignInPattern = keyof typeof SIGN_IN_ROUTES;
export type SignInMethod = (typeof SIGN_IN_ROUTES)[SignInPattern];

const isSignInPattern = (pattern: string): pattern is SignInPattern => Object.hasOwn(SIGN_IN_ROUTES, pattern);

/** The sign-in method of a route (its HTTP method and full pattern), if it is one. */
export const signInMethodOf = (method: string, pattern: string): SignInMethod | undefined =>
  method === 'POST' && isSignInPattern(pattern) ? SIGN_IN_ROUTES[pattern] : undefined;

/** The error_type the envelope will carry, as `http/errorHandling.ts` maps the error. */
const errorTypeOf = (error: unknown): string => {
  if (error instanceof AuthError) return error.error_type;
  if (error instanceof HTTPException && error.status < 500) return 'bad_request';
  return 'internal_server_error';
};

/** Counts a sign-in route's answer: `success`, or the error_type that refused it (a wrong code, a 429). */
export async function countSignIn(method: SignInMethod, answer: Promise<Response>): Promise<Response> {
  try {
    const response = await answer;
    signIns.inc({ method, outcome: response.ok ? 'success' : String(response.status) });
    return response;
  } catch (error) {
    signIns.inc({ method, outcome: errorTypeOf(error) });
    throw error;
  }
}
