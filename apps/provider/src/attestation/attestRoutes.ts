import { AuthError } from '../errors/AuthError';
import { sdkRoute, type Route } from '../http/route';
import { finishAuthentication } from '../sessions/finishAuthentication';
import { attestedUser } from './attestedUser';
import { mappedClaims } from './mappedClaims';
import { spendTokenId } from './spendTokenId';
import { verifyTrustedToken } from './verifyTrustedToken';

const TRUSTED_AUTH_TOKEN_FACTOR = {
  type: 'trusted_auth_token',
  delivery_method: 'trusted_token_exchange',
} as const;

/** `POST /sessions/attest`: a trusted external issuer's JWT exchanged for a session (docs/provider-config.md). */
export const attestRoutes: Route[] = [
  sdkRoute('POST /sessions/attest', async (input) => {
    const { body, project, services } = input;
    const profile = project.trusted_auth_token_profiles.find((p) => p.profile_id === body.profile_id);
    if (!profile) {
      throw new AuthError(
        'trusted_auth_token_profile_not_found',
        `The project has no trusted auth token profile "${body.profile_id}".`,
      );
    }
    const now = new Date();
    const payload = await verifyTrustedToken(profile, body.token, now);
    const claims = mappedClaims(profile, payload);
    const user = await attestedUser(services.db, project, profile, {
      email: claims.email,
      requestSession: { sessionToken: input.sessionToken },
      now,
    });
    // Spent only once the token is known good and its user exists, so a refused attempt does not
    // burn a token the issuer might still hand to the right project.
    if (claims.tokenId !== null) {
      await spendTokenId(services.db, project, {
        profileId: profile.profile_id,
        tokenId: claims.tokenId,
        expiresAt: claims.expiresAt,
        now,
      });
    }
    return finishAuthentication(input, {
      userId: user.user_id,
      factor: TRUSTED_AUTH_TOKEN_FACTOR,
      durationMinutes: body.session_duration_minutes,
      now,
    });
  }),
];
