import type { AuthenticateResponse, Session, User } from '@latch/api';
import { vi } from 'vitest';
import type { CookieDocument } from './cookies';
import type { LockManagerLike } from './leaderLock';

/** A cookie jar that records every write and honours expiry, like `document.cookie`. */
export function fakeCookieDocument(hostname: string) {
  const jar = new Map<string, string>();
  const writes: string[] = [];
  const doc: CookieDocument & { writes: string[]; jar: Map<string, string> } = {
    writes,
    jar,
    location: { hostname },
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(value: string) {
      writes.push(value);
      const [pair = '', ...attrs] = value.split('; ');
      const eq = pair.indexOf('=');
      const expires = attrs.find((a) => a.startsWith('expires='));
      if (expires && new Date(expires.slice(8)).getTime() <= Date.now()) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    },
  };
  return doc;
}

/** Web Locks in one process: the first requester holds the lock until its callback settles. */
export function fakeLocks(): LockManagerLike {
  const queues = new Map<string, (() => void)[]>();
  return {
    request(name, { signal }, callback) {
      return new Promise((resolve, reject) => {
        const queue = queues.get(name) ?? [];
        queues.set(name, queue);
        const run = () => {
          void callback().then(() => {
            queue.shift();
            resolve(undefined);
            queue[0]?.();
          });
        };
        signal.addEventListener('abort', () => {
          const i = queue.indexOf(run);
          if (i > 0) {
            queue.splice(i, 1);
            reject(new DOMException('aborted', 'AbortError'));
          }
        });
        queue.push(run);
        if (queue.length === 1) run();
      });
    },
  };
}

export const user = {
  user_id: 'user-1',
  name: { first_name: 'Ada', middle_name: '', last_name: '' },
} as User;

export function session(overrides: Partial<Session> = {}): Session {
  return {
    session_id: 'session-1',
    user_id: 'user-1',
    started_at: '2030-01-01T00:00:00Z',
    last_accessed_at: '2030-01-01T00:00:00Z',
    expires_at: '2030-01-01T00:30:00Z',
    attributes: { ip_address: '', user_agent: '' },
    authentication_factors: [],
    custom_claims: null,
    roles: [],
    ...overrides,
  };
}

export function authResponse(token = 'token-1', overrides: Partial<Session> = {}): AuthenticateResponse {
  return {
    user_id: 'user-1',
    user,
    session: session(overrides),
    session_token: token,
    session_jwt: `jwt-${token}`,
  };
}

/** A stub `fetch` answering from a queue of envelopes (success data or an error envelope). */
export function stubFetch(...answers: ({ data: object } | { error_type: string; status?: number })[]) {
  return vi.fn<typeof fetch>(async () => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (!next || 'data' in next)
      return Response.json({ data: { ...next?.data, request_id: 'r', status_code: 200 } });
    const status = next.status ?? 401;
    return Response.json(
      {
        status_code: status,
        request_id: 'r',
        error_type: next.error_type,
        error_message: next.error_type,
        error_url: '',
      },
      { status },
    );
  });
}
