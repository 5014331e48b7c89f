import type { Session, User } from '@latch/api';
import type { SessionRow } from './sessionRow';

/**
 * A user as a refresh last answered it, with the `users.version` it had then; and the session as
 * it answered it, with the row version (`xmin`) it was built from and that row's columns.
 */
export type KnownUser = {
  userId: string;
  version: string;
  user: User;
  session: { rowVersion: string; session: Session; row: SessionRow };
};

/** Entries kept per process; beyond it the least recently used are dropped (they are only a cache). */
const MAX_ENTRIES = 10_000;

/**
 * The users this process has answered for session refreshes, by the refresh's lookup key (token
 * hash or session id). A refresh sends the version it holds and PostgreSQL answers the user's JSON
 * only when the version moved: the user is still read from the database on every refresh (its
 * version is), only the unchanged JSON is not built, sent and parsed again.
 */
export class KnownUsers {
  private readonly entries = new Map<string, KnownUser>();

  get(key: string): KnownUser | undefined {
    return this.entries.get(key);
  }

  remember(key: string, entry: KnownUser): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}

// Per database: tests run many databases in one process, and a version only means something in one.
const byOwner = new WeakMap<object, KnownUsers>();

/** The known users of a database (any object that stands for it, e.g. the `Db`). */
export function knownUsers(owner: object): KnownUsers {
  let users = byOwner.get(owner);
  if (!users) {
    users = new KnownUsers();
    byOwner.set(owner, users);
  }
  return users;
}
