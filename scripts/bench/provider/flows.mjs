// What `npm run bench:provider` asks of the provider, as a browser would send it: the headers of the
// frame (same origin as the provider) or of the host page (an authorized origin), Basic auth
// `public_token:public_token` or `public_token:session_token`, JSON bodies like the widget's.
// Browsers would also send CORS preflights from the host page; they are cached (Max-Age 600) and
// left out.
import { HOST_ORIGIN, PUBLIC_TOKEN } from './servers.mjs';

const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** The frame's calls (`packages/api` client inside the iframe on the auth origin). */
const frameHeaders = (authOrigin) => ({
  Origin: authOrigin,
  'Content-Type': 'application/json',
  'X-SDK-Parent-Host': HOST_ORIGIN,
  Authorization: basic(PUBLIC_TOKEN, PUBLIC_TOKEN),
});

/** The host page's session refresh (`packages/session`): cross-origin, with the session token. */
const hostHeaders = (sessionToken) => ({
  Origin: HOST_ORIGIN,
  'Content-Type': 'application/json',
  'X-SDK-Parent-Host': HOST_ORIGIN,
  Authorization: basic(PUBLIC_TOKEN, sessionToken),
});

/** JSON of an answer, or undefined (a check then fails instead of throwing inside autocannon). */
function json(body) {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

// Every sign-in uses a new address: one message per address keeps the inbox read small, and a
// run never finds the codes of an earlier one.
const runId = Date.now().toString(36);
let addresses = 0;
const nextEmail = () => `load-${runId}-${++addresses}@example.com`;

/** `GET /`: the baseline server's hello world. */
export const helloFlow = { name: 'hello world', steps: [{ name: 'GET /', method: 'GET', path: '/' }] };

/** `GET /healthz`: the provider's cheapest route, its own floor (no database). */
export const healthzFlow = {
  name: 'GET /healthz',
  steps: [{ name: 'healthz', method: 'GET', path: '/healthz' }],
};

/**
 * `POST /sdk/v1/sessions/authenticate` with `{}`, as the host page refreshes a session: each
 * connection has its own live session (one visitor per connection), so no two requests in flight
 * update the same row.
 * @param {string[]} sessionTokens at least as many as connections
 */
export function sessionsFlow(sessionTokens) {
  let next = 0;
  return {
    name: 'sessions/authenticate',
    steps: [
      {
        name: 'sessions/authenticate',
        method: 'POST',
        path: '/sdk/v1/sessions/authenticate',
        body: '{}',
        check: (_status, body) => typeof json(body)?.data?.session_jwt === 'string',
      },
    ],
    setupClient: (client) => client.setHeaders(hostHeaders(sessionTokens[next++ % sessionTokens.length])),
  };
}

/**
 * The passcode sign-in as the widget does it: `otps/email/login_or_create` for a new address, the
 * code read from the dev inbox (what the visitor does in their mail; untimed, but it is load on
 * the provider), then `otps/authenticate`, which must answer a session. Latency: the two API calls.
 */
export function passcodeFlow(authOrigin) {
  const headers = frameHeaders(authOrigin);
  return {
    name: 'passcode sign-in',
    steps: [
      {
        name: 'otps/email/login_or_create',
        method: 'POST',
        path: '/sdk/v1/otps/email/login_or_create',
        headers,
        body: (context) => {
          context.email = nextEmail();
          return JSON.stringify({ email: context.email, expiration_minutes: 10 });
        },
        check: (_status, body, context) => {
          context.methodId = json(body)?.data?.method_id;
          return typeof context.methodId === 'string';
        },
      },
      {
        name: 'dev/inbox.json',
        method: 'GET',
        path: (context) =>
          context.methodId ? `/dev/inbox.json?to=${encodeURIComponent(context.email)}` : null,
        untimed: true,
        check: (_status, body, context) => {
          const [message] = json(body) ?? [];
          context.code = message?.to === context.email ? message.code : undefined;
          return typeof context.code === 'string';
        },
      },
      {
        name: 'otps/authenticate',
        method: 'POST',
        path: '/sdk/v1/otps/authenticate',
        headers,
        body: (context) =>
          context.code
            ? JSON.stringify({
                token: context.code,
                method_id: context.methodId,
                session_duration_minutes: 60,
              })
            : null,
        check: (_status, body) => typeof json(body)?.data?.session_token === 'string',
      },
    ],
  };
}

/** One passcode sign-in through fetch, outside the measurement; answers the session token. */
export async function signIn(baseUrl, authOrigin) {
  const headers = frameHeaders(authOrigin);
  const email = nextEmail();
  const call = async (path, init) => {
    const response = await fetch(`${baseUrl}${path}`, init);
    const body = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 300)}`);
    return JSON.parse(body);
  };
  const post = (path, body) => call(path, { method: 'POST', headers, body: JSON.stringify(body) });
  const { data: sent } = await post('/sdk/v1/otps/email/login_or_create', { email, expiration_minutes: 10 });
  const [message] = await call(`/dev/inbox.json?to=${encodeURIComponent(email)}`);
  if (!message?.code) throw new Error(`no passcode in the dev inbox for ${email}`);
  const { data } = await post('/sdk/v1/otps/authenticate', {
    token: message.code,
    method_id: sent.method_id,
    session_duration_minutes: 600,
  });
  return data.session_token;
}
