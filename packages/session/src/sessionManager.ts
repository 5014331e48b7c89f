import {
  ApiError,
  createApiClient,
  UNRECOVERABLE_SESSION_ERRORS,
  type ApiClient,
  type SessionTokens,
} from '@latch/api';
import { createCookieJar, INTERMEDIATE_TOKEN_MS, type CookieDocument } from './cookies';
import { whileLeader, type LockManagerLike } from './leaderLock';
import { createRefresher, type RefreshOutcome } from './refresher';
import { createStateStorage, sameState } from './stateStorage';
import type {
  CookieOptions,
  HostSession,
  SessionChangeListener,
  SessionState,
  SessionUpdateInput,
} from './types';

export interface SessionManagerOptions {
  publicToken: string;
  /** Provider origin, e.g. `http://localhost:4000`. */
  apiBaseUrl: string;
  cookieOptions?: CookieOptions;
  /** A custom API endpoint may hold the session in cookies JS cannot see, so start-up always refreshes. */
  customEndpoint?: boolean;
  fetch?: typeof fetch;
  /** Test seams; default to the page's own. */
  window?: Window;
  document?: CookieDocument;
  locks?: LockManagerLike | null;
  random?: () => number;
}

/** The host session: cookies, localStorage mirror, refresh and cross-tab sync (docs/embed.md, session). */
export interface SessionManager extends HostSession {
  /** A sign-in or refresh produced tokens: writes the cookies, clears the intermediate token. */
  update(input: SessionUpdateInput): void;
  /** Stores an intermediate token alone, which ends any session. */
  setIntermediateToken(token: string): void;
  /** Forgets the session: cookies removed, state cleared, listeners told. */
  destroy(): void;
  readonly api: ApiClient;
  /** Stops timers and listeners (tests, or a host tearing the client down). */
  dispose(): void;
}

const isUnrecoverable = (error: unknown) =>
  error instanceof ApiError && UNRECOVERABLE_SESSION_ERRORS.includes(error.error_type);

export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const win = options.window ?? window;
  const jar = createCookieJar(options.cookieOptions ?? {}, options.document ?? win.document);
  const { names } = jar;
  const storage = createStateStorage(options.publicToken, win);
  const listeners = new Set<SessionChangeListener>();
  let state: SessionState | null = storage.read();

  const api = createApiClient({
    baseUrl: options.apiBaseUrl,
    publicToken: options.publicToken,
    getSessionToken: () => jar.read(names.session),
    parentHost: win.location.origin,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  function setState(next: SessionState | null, persist: boolean) {
    const changed = !sameState(state, next);
    state = next;
    if (persist) storage.write(next);
    if (!changed) return;
    if (leading) refresher.sync();
    for (const listener of [...listeners]) {
      try {
        listener(next?.session ?? null);
      } catch (error) {
        setTimeout(() => {
          throw error; // A host listener's bug surfaces in the console without breaking the others.
        });
      }
    }
  }

  function update(input: SessionUpdateInput) {
    const expires = new Date(input.session.expires_at);
    jar.write(names.session, input.session_token, expires);
    jar.write(names.jwt, input.session_jwt, expires);
    jar.remove(names.intermediate);
    setState({ user: input.user, session: input.session }, true);
  }

  function destroy() {
    jar.remove(names.session);
    jar.remove(names.jwt);
    jar.remove(names.intermediate);
    setState(null, true);
  }

  async function refreshOnce(): Promise<RefreshOutcome> {
    const token = jar.read(names.session);
    if (token === null && !options.customEndpoint) {
      destroy();
      return 'stop';
    }
    try {
      const response = await api.call('POST /sessions/authenticate', {});
      // Another sign-in replaced the session while this call was in flight: keep the newer one.
      if (jar.read(names.session) !== token) return 'ok';
      update(response);
      return 'ok';
    } catch (error) {
      if (!isUnrecoverable(error)) return 'retry';
      if (jar.read(names.session) === token) destroy();
      return 'stop';
    }
  }

  const refresher = createRefresher(
    () => state !== null || jar.read(names.session) !== null,
    refreshOnce,
    options.random,
  );
  const unfollow = storage.subscribe((next) => setState(next, false));
  const locks = options.locks === undefined ? win.navigator.locks : options.locks;
  // One refresher per public token across tabs; this tab may wait in line until the leader closes.
  let leading = false;
  const stopLeading = whileLeader(`latch_session_refresh_${options.publicToken}`, locks ?? undefined, () => {
    leading = true;
    refresher.sync();
    return () => {
      leading = false;
      refresher.stop();
    };
  });

  // Start-up rules.
  if (jar.read(names.session) === null && !options.customEndpoint) destroy();
  else void refreshOnce();

  return {
    api,
    update,
    destroy,
    setIntermediateToken(token) {
      jar.write(names.intermediate, token, new Date(Date.now() + INTERMEDIATE_TOKEN_MS));
      jar.remove(names.session);
      jar.remove(names.jwt);
      setState(null, true);
    },
    getSync: () => state?.session ?? null,
    getInfo: () => state,
    getTokens(): SessionTokens | null {
      const session_token = jar.read(names.session);
      return session_token === null ? null : { session_token, session_jwt: jar.read(names.jwt) ?? '' };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async authenticate(request = {}) {
      const body =
        request.session_duration_minutes === undefined
          ? {}
          : { session_duration_minutes: request.session_duration_minutes };
      try {
        const response = await api.call('POST /sessions/authenticate', body);
        update(response);
        return response;
      } catch (error) {
        if (isUnrecoverable(error)) destroy();
        throw error;
      }
    },
    async revoke(request = {}) {
      try {
        await api.call('POST /sessions/revoke', {});
      } catch (error) {
        if (request.forceClear || isUnrecoverable(error)) destroy();
        throw error;
      }
      destroy();
    },
    dispose() {
      stopLeading();
      refresher.stop();
      unfollow();
      listeners.clear();
    },
  };
}
