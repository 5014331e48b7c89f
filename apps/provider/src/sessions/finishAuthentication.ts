import type { AuthenticateResponse } from '@latch/api';
import type { RouteInput } from '../http/route';
import { issueSession, type IssueSessionInput } from './issueSession';
import { requestAttributes } from './requestAttributes';

/** What a sign-in proved: whose account, by which factor, and for how long the session lasts. */
export type Proof = Pick<IssueSessionInput, 'userId' | 'factor' | 'durationMinutes' | 'ownerEpoch' | 'now'>;

/**
 * The end of every sign-in route: the session of the request (a live one of the same user gets
 * the factor added) with the caller's IP and user agent recorded.
 */
export function finishAuthentication(
  {
    c,
    project,
    services,
    sessionToken,
  }: Pick<RouteInput<unknown>, 'c' | 'project' | 'services' | 'sessionToken'>,
  proof: Proof,
): Promise<AuthenticateResponse> {
  return issueSession({
    db: services.db,
    project,
    authOrigin: services.authOrigin,
    existingSessionToken: sessionToken,
    attributes: requestAttributes(c, services.trustProxy),
    ...proof,
  });
}
