import type { AuthenticationFactor } from '@latch/api';
import type { Db } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import type { TokenSignIn } from '../tokens/tokenSignIn';
import { activateUser, proveAddress, type ProjectRef } from '../users';
import { consumeOAuthToken, type OAuthGrant } from './oauthTokens';

export interface OAuthProof {
  userId: string;
  grant: OAuthGrant;
  factor: Omit<AuthenticationFactor, 'last_authenticated_at'>;
  /** The sign-in made its prover the account's owner (`proveAddress`). */
  claimed: boolean;
}

/**
 * `/oauth/authenticate` up to the session (browser and backend alike): the token OAuth left in
 * the landing URL is used once (with its PKCE verifier when started with a challenge), the email
 * the identity provider verified proved (`proveAddress`, keeping this sign-in's own link) and the
 * user activated. Used, expired or unknown is 404 `oauth_token_not_found`.
 */
export async function proveOAuthToken(
  db: Db,
  project: ProjectRef,
  { token, codeVerifier, requestSession, now }: TokenSignIn,
): Promise<OAuthProof> {
  const used = await consumeOAuthToken(db, { projectId: project.project_id, token, codeVerifier, now });
  if (!used) throw new AuthError('oauth_token_not_found', 'OAuth Token could not be found.');
  const { userId, grant } = used;
  const proven = grant.verifiedEmailId
    ? await proveAddress(db, {
        project,
        userId,
        address: { emailId: grant.verifiedEmailId },
        requestSession,
        oauthRegistrationId: grant.registrationId,
        now,
      })
    : null;
  if (!proven) await activateUser(db, userId);
  return {
    userId,
    grant,
    claimed: proven?.claimed ?? false,
    factor: {
      type: 'oauth',
      delivery_method: `oauth_${grant.providerType}`,
      oauth_factor: {
        id: grant.registrationId,
        provider_subject: grant.providerSubject,
        ...(grant.emailId ? { email_id: grant.emailId } : {}),
      },
    },
  };
}

/** The provider fields of an OAuth sign-in's answer. */
export const providerFields = (grant: OAuthGrant) => ({
  provider_subject: grant.providerSubject,
  provider_type: grant.providerType,
  // The upstream provider's tokens; the dev identity provider issues none of its own.
  provider_values: grant.providerValues ?? {
    access_token: '',
    refresh_token: '',
    id_token: '',
    scopes: grant.scopes,
    expires_at: null,
  },
});
