/** The JWT lives 5 minutes whatever the session's duration. */
export const JWT_LIFETIME_SECONDS = 300;

export const addMinutes = (date: Date, minutes: number): Date => new Date(date.getTime() + minutes * 60_000);
