import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Page, Route } from '@playwright/test';
import express from 'express';
import { auth } from 'express-openid-connect';
import { HOST_PORT } from './env';
import { ISSUER } from './relyingParty';

/**
 * The e2e project's express-openid-connect client. Its origin is `localhost`, the auth origin's
 * site: the library's callback cookie must come back on the form post, and over plain HTTP only a
 * same-site post carries it (on HTTPS its `SameSite=None; Secure` cookie works across sites).
 */
export const EXPRESS_APP = {
  clientId: 'connected-app-test-e2e-express',
  baseUrl: `http://localhost:${HOST_PORT}/express-rp`,
};

export interface ExpressRelyingParty {
  stop(): Promise<void>;
}

/** The application: express-openid-connect with its defaults but idpLogout; `/` says who is in. */
function application() {
  const app = express();
  app.use(
    auth({
      issuerBaseURL: ISSUER.href,
      baseURL: EXPRESS_APP.baseUrl,
      clientID: EXPRESS_APP.clientId,
      secret: 'e2e-express-openid-connect-cookie-secret',
      authRequired: false,
      idpLogout: true,
    }),
  );
  app.get('/', (req, res) => {
    const user = req.oidc.user;
    res
      .type('html')
      .send(
        `<!doctype html><title>E2E Express App</title><h1>${user ? `Signed in as ${String(user['email'])}` : 'Signed out'}</h1>`,
      );
  });
  return app;
}

/** The Cookie header after `setCookies`: each sets (or, emptied, clears) one name. */
function withCookies(cookie: string | undefined, setCookies: string[]): string {
  const jar = new Map(
    (cookie ?? '')
      .split('; ')
      .filter(Boolean)
      .map((c) => [c.split('=')[0], c] as const),
  );
  for (const set of setCookies) {
    const pair = set.split(';')[0] ?? '';
    jar.set(pair.split('=')[0], pair);
  }
  return [...jar.values()].filter((c) => !c.endsWith('=')).join('; ');
}

/**
 * Starts the application on a free port of this machine and has the browser reach it at
 * `EXPRESS_APP.baseUrl`, the URL its client is registered with: Playwright passes each request on,
 * cookies and form bodies included, and hands back the answer with its cookies. Playwright routes
 * only the first request of a redirect chain, so a redirect within the application is followed
 * here, as the browser would (the page keeps the first URL); one elsewhere goes to the browser.
 */
export async function serveExpressApp(page: Page): Promise<ExpressRelyingParty> {
  const server: Server = await new Promise((resolve) => {
    const listening = application().listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  const base = new URL(EXPRESS_APP.baseUrl);
  const inApp = (url: URL) => url.origin === base.origin && url.pathname.startsWith(base.pathname);
  const forward = async (route: Route) => {
    const request = route.request();
    const headers = Object.fromEntries(
      Object.entries(await request.allHeaders()).filter(
        ([name]) => !['host', 'connection', 'content-length', 'cookie'].includes(name),
      ),
    );
    let url = new URL(request.url());
    let cookie = (await request.headerValue('cookie')) ?? undefined;
    let init: { method: string; body: string | null } = {
      method: request.method(),
      body: request.postData(),
    };
    const setCookies: string[] = [];
    for (;;) {
      const local = `http://127.0.0.1:${port}${url.pathname.slice(base.pathname.length) || '/'}${url.search}`;
      const answer = await fetch(local, {
        ...init,
        headers: { ...headers, ...(cookie ? { cookie } : {}) },
        redirect: 'manual',
      });
      setCookies.push(...answer.headers.getSetCookie());
      cookie = withCookies(cookie, answer.headers.getSetCookie());
      const location = answer.headers.get('location');
      const next = location === null ? null : new URL(location, url);
      if (answer.status >= 300 && answer.status < 400 && next && inApp(next)) {
        url = next;
        init = { method: 'GET', body: null };
        continue;
      }
      const responseHeaders: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (name !== 'set-cookie') responseHeaders[name] = value;
      });
      // Playwright takes several cookies as one header, one per line.
      if (setCookies.length) responseHeaders['set-cookie'] = setCookies.join('\n');
      return route.fulfill({
        status: answer.status,
        headers: responseHeaders,
        body: Buffer.from(await answer.arrayBuffer()),
      });
    }
  };
  await page.route(inApp, forward);
  return {
    stop: () => new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
