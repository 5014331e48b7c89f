import type { AuthenticationFactor } from '@latch/api';
import type { Db } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import { takeEmailLink } from '../tokens/emailLinks';
import type { TokenSignIn } from '../tokens/tokenSignIn';
import { proveAddress } from '../users';
import type { EventProject } from '../webhooks/emitEvent';

export interface MagicLinkProof {
  userId: string;
  emailId: string;
  factor: Omit<AuthenticationFactor, 'last_authenticated_at'>;
  /** The link made its prover the account's owner (`proveAddress`). */
  claimed: boolean;
}

const unableToAuth = (): AuthError =>
  new AuthError('unable_to_auth_magic_link', 'The magic link was already used, expired, or is not valid.');

/**
 * `/magic_links/authenticate` up to the session (browser and backend alike): the token is used
 * once (with its PKCE verifier when it was sent with a challenge) and the email it went to proved
 * (`proveAddress`). Used, expired or unknown is 401 `unable_to_auth_magic_link`.
 */
export async function proveMagicLink(
  db: Db,
  project: EventProject,
  { token, codeVerifier, requestSession, now }: TokenSignIn,
): Promise<MagicLinkProof> {
  const link = { projectId: project.project_id, token, codeVerifier, now };
  // A reset email's token also logs in (as Stytch's does): the reset screen's 'Login without a
  // password' sends it here, and it can no longer reset the password.
  const used =
    (await takeEmailLink(db, 'magic_link', link)) ?? (await takeEmailLink(db, 'password_reset', link));
  if (!used) throw unableToAuth();
  const { userId, emailId } = used;
  const email = await proveAddress(db, { project, userId, address: { emailId }, requestSession, now });
  if (!email) throw unableToAuth();
  return {
    userId,
    emailId,
    factor: {
      type: 'magic_link',
      delivery_method: 'email',
      email_factor: { email_id: emailId, email_address: email.value },
    },
    claimed: email.claimed,
  };
}
