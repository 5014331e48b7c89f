import { randomUUID } from 'node:crypto';

/** Stytch-style ids: `user-test-<uuid>`, `session-live-<uuid>`, ... */
export const newId = (kind: string, test: boolean): string =>
  `${kind}-${test ? 'test' : 'live'}-${randomUUID()}`;
