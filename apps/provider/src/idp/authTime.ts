import type { Session } from '@latch/api';

/**
 * OpenID Connect `auth_time` (seconds) of a session: when the user last proved a factor in it (a
 * step-up counts), or when it started if it records none.
 */
export function sessionAuthTime(session: Session): number {
  const times = session.authentication_factors.map((f) => Date.parse(f.last_authenticated_at));
  const latest = Math.max(Date.parse(session.started_at), ...times.filter((t) => Number.isFinite(t)));
  return Math.floor(latest / 1000);
}
