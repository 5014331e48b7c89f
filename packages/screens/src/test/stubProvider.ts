import type { AuthenticateResponse } from '@latch/api';

/**
 * A stub `fetch` for screen tests: routes by "METHOD /path" under /sdk/v1, wraps answers in the
 * API envelopes, and records every call. Not @latch/msw's real provider: the fake passkeys and
 * wallets sign nothing it would verify, and tests read the request bodies from `calls`.
 */
export type StubReply = { status: number; body: unknown } | 'network-error';
export type StubRoute = (body: unknown) => StubReply | Promise<StubReply>;

export const ok = (data: object): StubReply => ({
  status: 200,
  body: { data: { ...data, request_id: 'request-id-test', status_code: 200 } },
});

export const errorReply = (
  error_type: string,
  status = 400,
  error_message = `${error_type} (server text)`,
): StubReply => ({
  status,
  body: {
    status_code: status,
    request_id: 'request-id-test',
    error_type,
    error_message,
    error_url: 'https://x/errors',
  },
});

export function stubProvider(routes: Record<string, StubRoute>) {
  const calls: { route: string; body: unknown }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const route = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/sdk\/v1/, '')}`;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ route, body });
    const handler = routes[route];
    const reply = handler ? await handler(body) : errorReply('not_found', 404);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch: fetchImpl, calls, routes };
}

export function authenticateResponse(extra: object = {}): AuthenticateResponse & Record<string, unknown> {
  return {
    user_id: 'user-test-1',
    user: {
      user_id: 'user-test-1',
      created_at: '2025-01-01T00:00:00Z',
      status: 'active',
      name: { first_name: '', middle_name: '', last_name: '' },
      emails: [],
      phone_numbers: [],
      providers: [],
      password: null,
      crypto_wallets: [],
      webauthn_registrations: [],
      totps: [],
      roles: [],
      trusted_metadata: {},
      untrusted_metadata: {},
    },
    session: {
      session_id: 'session-test-1',
      user_id: 'user-test-1',
      started_at: '2025-01-01T00:00:00Z',
      last_accessed_at: '2025-01-01T00:00:00Z',
      expires_at: '2025-01-01T00:30:00Z',
      attributes: { ip_address: '', user_agent: '' },
      authentication_factors: [],
      custom_claims: {},
      roles: [],
    },
    session_token: 'session-token-test',
    session_jwt: 'session-jwt-test',
    ...extra,
  };
}
