import type { SessionTokens } from '@latch/api';
import type { FrameMethods, SessionUpdate } from '@latch/protocol';
import type { LoaderSession } from './lazySession';

export type FollowedSession = Pick<LoaderSession, 'getTokens' | 'update' | 'destroy' | 'onChange'>;

/** Keeps the frame's idea of the session in step with the host's cookies, in both directions. */
export interface SessionFollower {
  /** The current tokens, which the frame is about to receive. */
  tokens(): SessionTokens | null;
  write(update: SessionUpdate): Promise<void>;
  clear(): Promise<void>;
  /** Resolves once the last write is done, failed or not. */
  settled(): Promise<void>;
  /** From now on a change made elsewhere (another tab, the host) is pushed to the frame. */
  connected(frame: Pick<FrameMethods, 'sessionChanged'>): void;
  stop(): void;
}

const ignore = () => {};

export function followSession(session: FollowedSession): SessionFollower {
  let known: string | null | undefined;
  // Events and navigations wait for the last write, so a host reacting to a sign-in (or a
  // redirect page) always finds the cookies written.
  let written: Promise<unknown> = Promise.resolve();
  let unfollow = ignore;
  return {
    tokens() {
      const tokens = session.getTokens();
      known = tokens?.session_token ?? null;
      return tokens;
    },
    write(update) {
      known = update.session_token;
      const write = session.update(update);
      written = write;
      return write;
    },
    clear() {
      known = null;
      const write = session.destroy();
      written = write;
      return write;
    },
    settled: () => written.then(ignore, ignore),
    connected(frame) {
      unfollow();
      unfollow = session.onChange(() => {
        const tokens = session.getTokens();
        const token = tokens?.session_token ?? null;
        if (token === known) return;
        known = token;
        frame.sessionChanged({ session: tokens }).catch(ignore);
      });
    },
    stop() {
      unfollow();
      unfollow = ignore;
    },
  };
}
