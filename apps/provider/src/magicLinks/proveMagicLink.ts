import type { AuthenticationFactor } from '@latch/api';
import type { Db } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import { consumeResetToken } from '../passwords';
import { activateUser, findEmailById, markEmailVerified } from '../users';
import { consumeMagicLink } from './magicLinkTokens';

export interface MagicLinkProof {
  userId: string;
  emailId: string;
  factor: Omit<AuthenticationFactor, 'last_authenticated_at'>;
}

/**
 * `/magic_links/authenticate` up to the session (browser and backend alike): the token is used
 * once (with its PKCE verifier when it was sent with a challenge), the email marked verified and a
 * pending user activated. Used, expired or unknown is 401 `unable_to_auth_magic_link`.
 */
export async function proveMagicLink(
  db: Db,
  projectId: string,
  { token, codeVerifier, now }: { token: string; codeVerifier?: string | undefined; now: Date },
): Promise<MagicLinkProof> {
  const link = { projectId, token, codeVerifier, now };
  // A reset email's token also logs in: the reset screen's 'Login without a password' sends it here.
  const used = (await consumeMagicLink(db, link)) ?? (await consumeResetToken(db, link));
  const email = used && (await findEmailById(db, projectId, used.emailId));
  if (!used || !email) {
    throw new AuthError(
      'unable_to_auth_magic_link',
      'The magic link was already used, expired, or is not valid.',
    );
  }
  await markEmailVerified(db, email.email_id);
  await activateUser(db, used.userId);
  return {
    userId: used.userId,
    emailId: email.email_id,
    factor: {
      type: 'magic_link',
      delivery_method: 'email',
      email_factor: { email_id: email.email_id, email_address: email.email },
    },
  };
}
