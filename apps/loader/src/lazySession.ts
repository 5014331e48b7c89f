import type { AuthenticateResponse } from '@latch/api';
import {
  cookieNames,
  parseState,
  readCookie,
  sameState,
  stateKey,
  takeUrlToken,
  type HostSession,
  type SessionChangeListener,
  type SessionManager,
  type SessionManagerOptions,
  type SessionState,
  type SessionUpdateInput,
} from '@latch/session';
import { safely } from './domEvents';
import type * as SessionModuleExports from './sessionModule';

/** What `loader-session.js` exports. */
export type SessionModule = typeof SessionModuleExports;
/** Fetches the session module; loader.js imports it from the auth origin. */
export type LoadSession = () => Promise<SessionModule>;

/** The client's session: the host API plus what the frame and redirect pages need. */
export interface LoaderSession extends HostSession {
  /** A sign-in from the frame; resolves once the cookies are written. */
  update(input: SessionUpdateInput): Promise<void>;
  /** The frame ended the session; resolves once it is forgotten. */
  destroy(): Promise<void>;
  authenticateByUrl(options: { session_duration_minutes: number }): Promise<AuthenticateResponse | null>;
}

const ignore = () => {};

/**
 * Answers reads from the cookies and the localStorage mirror, and loads the session manager only
 * when a session is in play: a session trace at start-up (cookie or mirror, which the manager's
 * start-up rules then refresh or clear), a custom API endpoint, another tab signing in, or a call
 * that writes or asks the provider. Most host pages never sign anyone in and never load it.
 */
export function createLazySession(options: SessionManagerOptions, load: LoadSession): LoaderSession {
  // The manager's own seams, so both halves always read the same cookies and storage.
  const win = options.window ?? window;
  const doc = options.document ?? win.document;
  const names = cookieNames(options.cookieOptions ?? {});
  const cookie = (name: string) => readCookie(doc.cookie, name);
  const key = stateKey(options.publicToken);
  const mirror = (): string | null => {
    try {
      return win.localStorage.getItem(key);
    } catch {
      return null; // Blocked storage: the manager copes the same way.
    }
  };
  const listeners = new Set<SessionChangeListener>();
  let manager: SessionManager | undefined;
  let loading: Promise<[SessionManager, SessionModule]> | undefined;

  // Until the manager runs, the state is the mirror's, and only while a session cookie says it is
  // current (at start without a session cookie the session is destroyed).
  const info = (): SessionState | null =>
    manager
      ? manager.getInfo()
      : cookie(names.session) !== null || options.customEndpoint
        ? (parseState(mirror()) ?? null)
        : null;
  // What the page was last given (read or announced); signed out until it asks. Taken when the
  // page reads, not when the cookies are first looked at (after its script): a change in between
  // is still announced.
  let seen: SessionState | null = null;
  const given = (): SessionState | null => (seen = info());
  const announce = () => {
    const now = info();
    if (sameState(seen, now)) return;
    seen = now;
    for (const listener of [...listeners]) safely(listener, now?.session ?? null);
  };

  const need = (): Promise<[SessionManager, SessionModule]> =>
    (loading ??= load().then(
      (module): [SessionManager, SessionModule] => {
        manager = module.getSessionManager(options);
        manager.onChange(announce);
        announce(); // The state may have moved while loading (another tab signed in).
        return [manager, module];
      },
      (error: unknown) => {
        loading = undefined; // The next call tries again.
        throw error;
      },
    ));
  const withManager = <T>(act: (m: SessionManager) => T | Promise<T>): Promise<T> =>
    need().then(([m]) => act(m));

  // A session trace is looked for once the page's script has run: every read of `document.cookie`
  // asks the browser, and the first localStorage read of a page waits on its storage, so a page
  // that creates the client to mount the widget would make the widget's iframe wait. A stale
  // mirror without any cookie loads the manager too: it clears it. The `storage` listener waits
  // too: adding the first one sets up the page's storage events.
  queueMicrotask(() => {
    // Another tab signed in: follow it, as a running manager would.
    win.addEventListener('storage', (event) => {
      if (event.key === key && !loading) need().catch(ignore);
    });
    if (
      options.customEndpoint ||
      Object.values(names).some((name) => cookie(name) !== null) ||
      mirror() !== null
    )
      need().catch(ignore);
  });

  return {
    getSync: () => given()?.session ?? null,
    getInfo: given,
    getTokens() {
      const session_token = cookie(names.session);
      return session_token === null ? null : { session_token, session_jwt: cookie(names.jwt) ?? '' };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    authenticate: (request) => withManager((m) => m.authenticate(request)),
    revoke: (request) => withManager((m) => m.revoke(request)),
    update: (input) => withManager((m) => m.update(input)),
    destroy: () => withManager((m) => m.destroy()),
    async authenticateByUrl(request) {
      // Taken before anything loads, so a reload during the load cannot replay the token.
      const taken = takeUrlToken(win);
      if (!taken) return null;
      const [m, module] = await need();
      return module.redeemUrlToken(m, taken, request);
    },
  };
}

const REGISTRY = Symbol.for('latch.lazySessions');
type Holder = { [REGISTRY]?: Map<string, LoaderSession> };

/**
 * One lazy session per public token in a tab (also across the IIFE and ESM copies), so every
 * client with that token hears every change, as with the shared manager behind it.
 */
export function getLazySession(options: SessionManagerOptions, load: LoadSession): LoaderSession {
  const holder = globalThis as typeof globalThis & Holder;
  const registry = (holder[REGISTRY] ??= new Map());
  let session = registry.get(options.publicToken);
  if (!session) registry.set(options.publicToken, (session = createLazySession(options, load)));
  return session;
}
