import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { standInAccount } from './accounts';

export interface GithubStandIn {
  origin: string;
  /** Endpoint overrides for a project's `github` provider. */
  endpoints: {
    authorization_endpoint: string;
    token_endpoint: string;
    userinfo_endpoint: string;
    emails_endpoint: string;
  };
  close(): Promise<void>;
}

interface PendingCode {
  login: string;
  redirectUri: string;
  challenge: string | null;
  expires: number;
}

const html = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to GitHub</title></head><body>${body}</body></html>`,
  );
};
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};
const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A small OAuth 2 server shaped like GitHub's: an authorization page (login + Authorize or Cancel),
 * `POST /login/oauth/access_token` (client_secret_post, single-use 10-minute codes bound to the
 * redirect URI, PKCE S256 when a challenge was given), and the REST API `GET /user` and
 * `GET /user/emails` behind the bearer token. Accounts are `standInAccount(login)`.
 */
export async function startGithubStandIn(client: {
  client_id: string;
  client_secret: string;
  redirect_uri: string;
}): Promise<GithubStandIn> {
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, string>();
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (url.pathname === '/login/oauth/authorize') {
        const q = req.method === 'POST' ? await readForm(req) : url.searchParams;
        if (q.get('client_id') !== client.client_id || q.get('redirect_uri') !== client.redirect_uri) {
          html(res, 400, '<h1>The redirect_uri is not associated with this application.</h1>');
          return;
        }
        const back = new URL(client.redirect_uri);
        back.searchParams.set('state', q.get('state') ?? '');
        if (req.method === 'GET') {
          const hidden = [...q]
            .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
            .join('');
          html(
            res,
            200,
            `<h1>Sign in to GitHub</h1><form method="post">${hidden}<label for="login">Username or email address</label>` +
              `<input id="login" name="login"><button name="decision" value="allow">Authorize</button>` +
              `<button name="decision" value="deny" formnovalidate>Cancel</button></form>`,
          );
          return;
        }
        if (q.get('decision') !== 'allow') {
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_description', 'The user has denied your application access.');
        } else {
          const code = randomBytes(16).toString('hex');
          codes.set(code, {
            login: q.get('login') ?? '',
            redirectUri: client.redirect_uri,
            challenge: q.get('code_challenge'),
            expires: Date.now() + 10 * 60_000,
          });
          back.searchParams.set('code', code);
        }
        res.writeHead(302, { Location: back.href });
        res.end();
        return;
      }
      if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
        const form = await readForm(req);
        if (
          form.get('client_id') !== client.client_id ||
          form.get('client_secret') !== client.client_secret
        ) {
          json(res, 401, { error: 'invalid_client' });
          return;
        }
        const code = form.get('code') ?? '';
        const pending = codes.get(code);
        codes.delete(code);
        const verifier = form.get('code_verifier');
        const pkceOk =
          pending?.challenge == null ||
          (verifier !== null &&
            createHash('sha256').update(verifier).digest('base64url') === pending.challenge);
        if (
          !pending ||
          pending.expires < Date.now() ||
          form.get('redirect_uri') !== pending.redirectUri ||
          !pkceOk
        ) {
          json(res, 400, {
            error: 'invalid_grant',
            error_description: 'The code passed is incorrect or expired.',
          });
          return;
        }
        const accessToken = `gho_${randomBytes(18).toString('hex')}`;
        tokens.set(accessToken, pending.login);
        json(res, 200, { access_token: accessToken, token_type: 'bearer', scope: 'read:user,user:email' });
        return;
      }
      const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const login = tokens.get(bearer);
      if (url.pathname === '/user' || url.pathname === '/user/emails') {
        if (login === undefined) {
          json(res, 401, { message: 'Bad credentials' });
          return;
        }
        const account = standInAccount(login);
        const id = Number.parseInt(account.subject.slice(4, 14), 16);
        if (url.pathname === '/user') {
          json(res, 200, {
            id,
            login: login.replace(/[^a-z0-9]/gi, '-'),
            name: account.name,
            email: null,
            avatar_url: `https://avatars.example/${id}`,
          });
        } else {
          json(
            res,
            200,
            account.email
              ? [{ email: account.email, primary: true, verified: account.emailVerified, visibility: null }]
              : [],
          );
        }
        return;
      }
      json(res, 404, { message: 'Not Found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpoints: {
      authorization_endpoint: `${origin}/login/oauth/authorize`,
      token_endpoint: `${origin}/login/oauth/access_token`,
      userinfo_endpoint: `${origin}/user`,
      emails_endpoint: `${origin}/user/emails`,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
