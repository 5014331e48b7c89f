import { integer, optional } from '../validate';

/** `session_duration_minutes` bounds of the hosted API: 5 minutes to 366 days. */
export const SESSION_DURATION_MINUTES = { min: 5, max: 527_040 } as const;

/** When a sign-in request omits `session_duration_minutes` (SPEC.md section 9: 30 minutes). */
export const DEFAULT_SESSION_MINUTES = 30;

/** The JWT lives 5 minutes whatever the session's duration (API.md "Session JWT"). */
export const JWT_LIFETIME_SECONDS = 300;

export const sessionDurationMinutes = () =>
  integer(SESSION_DURATION_MINUTES.min, SESSION_DURATION_MINUTES.max);

export const optionalSessionDurationMinutes = () => optional(sessionDurationMinutes());

export const addMinutes = (date: Date, minutes: number): Date => new Date(date.getTime() + minutes * 60_000);
