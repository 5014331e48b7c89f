/** The request the identity provider's page makes to the callback: a redirect (GET) or Apple's form POST. */
export interface CallbackRequest {
  url: string;
  method: 'GET' | 'POST';
  body?: string;
}

const decode = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

/** The first form of a page: its action and its inputs with their values (enough for these pages). */
function firstForm(html: string, base: string): { action: string; fields: URLSearchParams } | null {
  const form =
    /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html) ??
    /<form[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return null;
  const action = form.length === 3 ? decode(form[1] ?? '') : base;
  const inner = form[form.length - 1] ?? '';
  const fields = new URLSearchParams();
  for (const input of inner.matchAll(/<input[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name) fields.set(decode(name), decode(value));
  }
  return { action: new URL(action, base).href, fields };
}

/**
 * A visitor at a stand-in identity provider, without a real browser: follows redirects with the
 * provider's cookies, types `login` on the login page, accepts (or declines) consent, and stops at
 * the first request bound for `callbackOrigin` (the provider under test), which it returns.
 */
export async function visitStandIn(
  start: string,
  { login, callbackOrigin, decline = false }: { login: string; callbackOrigin: string; decline?: boolean },
): Promise<CallbackRequest> {
  const cookies = new Map<string, string>();
  let request: CallbackRequest = { url: start, method: 'GET' };
  for (let step = 0; step < 20; step++) {
    if (new URL(request.url).origin === callbackOrigin) return request;
    const response = await fetch(request.url, {
      method: request.method,
      redirect: 'manual',
      headers: {
        Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
      },
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      request = { url: new URL(location, request.url).href, method: 'GET' };
      continue;
    }
    const html = await response.text();
    const form = firstForm(html, request.url);
    if (!form) throw new Error(`stand-in page without a form (${response.status}): ${html.slice(0, 300)}`);
    const isLogin = form.fields.get('prompt') === 'login' || html.includes('name="login"');
    if (decline && isLogin) {
      // oidc-provider's abort link; the GitHub stand-in's Cancel button.
      const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
      if (abort) request = { url: new URL(decode(abort), request.url).href, method: 'GET' };
      else
        request = {
          url: form.action,
          method: 'POST',
          body: new URLSearchParams({ ...Object.fromEntries(form.fields), decision: 'deny' }).toString(),
        };
      continue;
    }
    if (isLogin) {
      form.fields.set('login', login);
      form.fields.set('password', 'any password');
      form.fields.set('decision', 'allow');
    }
    request = { url: form.action, method: 'POST', body: form.fields.toString() };
  }
  throw new Error('the stand-in never sent the visitor back');
}
