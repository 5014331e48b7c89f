import { DEFAULTS, type LoginConfig } from '@latch/protocol';

/** The session length every sign-in asks the provider for: the host's, else the default 30 minutes. */
export function sessionDuration(config: LoginConfig): number {
  return config.sessionOptions?.sessionDurationMinutes ?? DEFAULTS.sessionDurationMinutes;
}
