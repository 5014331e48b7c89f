import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FrameBoot } from '@latch/api';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/testApp';
import { AUTH_ORIGIN, HOST, LIVE_TOKEN, testConfig, TEST_TOKEN } from '../../test/testConfig';

const frameDir = mkdtempSync(join(tmpdir(), 'latch-frame-'));
mkdirSync(join(frameDir, 'assets'));
writeFileSync(
  join(frameDir, 'index.html'),
  '<!doctype html><html><head><!--latch-boot--><script type="module" crossorigin src="/frame/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(frameDir, 'assets', 'index-abc.js'), 'console.log(1)');
afterAll(() => rmSync(frameDir, { recursive: true, force: true }));

const built = () => testApp({ dist: { frameDir, loaderDir: '/nonexistent' } });

function cspDirectives(response: Response): Map<string, string> {
  const csp = response.headers.get('Content-Security-Policy') ?? '';
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name ?? '', values.join(' ')]),
  );
}

describe('GET /frame/{kind}', () => {
  it('renders the frame with the boot JSON, a nonce and the security headers', async () => {
    const config = {
      products: ['emailMagicLinks'],
      emailMagicLinksOptions: { domainHint: '</script>\u2028' },
    };
    const response = await built().app.request(
      `/frame/login?public_token=${TEST_TOKEN}&v=1&config=${encodeURIComponent(JSON.stringify(config))}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Cache-Control')).toBe('no-store');

    const csp = cspDirectives(response);
    expect(csp.get('frame-ancestors')).toBe(`${HOST} http://localhost:3000`);
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.get('connect-src')).toBe(`'self' ${AUTH_ORIGIN}`);
    expect(csp.get('base-uri')).toBe("'none'");
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp.get('script-src') ?? '')?.[1];
    expect(nonce).toBeTruthy();

    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(3);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const json = /<script[^>]*id="latch-boot">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    const boot = JSON.parse(json) as FrameBoot;
    expect(boot).toMatchObject({
      publicToken: TEST_TOKEN,
      apiBaseUrl: AUTH_ORIGIN,
      allowedOrigins: [HOST, 'http://localhost:3000'],
      bootstrap: { project_name: 'Test Project', vertical: 'CONSUMER' },
    });
    // The options of the frame URL, as the provider parsed them, for the frame to hydrate from.
    const state = /<script[^>]*id="latch-initial-state">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state)).toEqual({ config, styles: {} });
  });

  it('embeds the empty defaults when the frame URL’s options cannot be read', async () => {
    const response = await built().app.request(`/frame/login?public_token=${TEST_TOKEN}&config=%7B%7D`);
    const html = await response.text();
    const state = /<script[^>]*id="latch-initial-state">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(state)).toEqual({ config: { products: [] }, styles: {} });
  });

  it('uses a fresh nonce per response and each project’s own origins', async () => {
    const { app } = built();
    const a = await app.request(`/frame/login?public_token=${TEST_TOKEN}`);
    const b = await app.request(`/frame/reset-password?public_token=${LIVE_TOKEN}`);
    expect(cspDirectives(a).get('script-src')).not.toBe(cspDirectives(b).get('script-src'));
    expect(cspDirectives(b).get('frame-ancestors')).toBe('https://other.example');
  });

  it("allows Google's One Tap script only for a One Tap mount of a project with a real Google client", async () => {
    const config = testConfig();
    const [test, live] = config.projects;
    if (!test || !live) throw new Error('testConfig changed');
    const google = {
      type: 'google' as const,
      one_tap: true,
      dev_idp: false,
      client_id: 'g',
      client_secret_env: 'G',
    };
    const { app } = testApp({
      config: { ...config, projects: [test, { ...live, oauth_providers: [google] }] },
      dist: { frameDir, loaderDir: '/nonexistent' },
    });
    const frame = (token: string, login: object) =>
      app.request(
        `/frame/login?${new URLSearchParams({ public_token: token, config: JSON.stringify(login) }).toString()}`,
      );
    const oneTap = { products: ['oauth'], oauthOptions: { providers: [{ type: 'google', one_tap: true }] } };
    const withGoogle = cspDirectives(await frame(LIVE_TOKEN, oneTap));
    expect(withGoogle.get('script-src')).toContain('https://accounts.google.com/gsi/client');
    expect(withGoogle.get('frame-src')).toBe('https://accounts.google.com/gsi/');
    // Another product beside OAuth: no One Tap, no Google code.
    const buttons = { ...oneTap, products: ['oauth', 'emailMagicLinks'] };
    expect(cspDirectives(await frame(LIVE_TOKEN, buttons)).get('script-src')).not.toContain('google');
    // The test project has no Google client with one_tap.
    expect(cspDirectives(await frame(TEST_TOKEN, oneTap)).get('frame-src')).toBeUndefined();
  });

  it('sends the document compressed as the browser accepts, brotli first, and the same document', async () => {
    const { app } = built();
    const url = `/frame/login?public_token=${TEST_TOKEN}&v=1&config=${encodeURIComponent('{"products":["otp"]}')}`;
    const get = (acceptEncoding?: string) =>
      app.request(
        url,
        acceptEncoding === undefined ? {} : { headers: { 'Accept-Encoding': acceptEncoding } },
      );
    // The nonce is the one part that differs between two answers.
    const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    const plain = await get();
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    const document = withoutNonce(await plain.text());
    expect(document).toContain('id="latch-boot"');

    const cases = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['*', 'br'],
      ['identity', null],
    ] as const;
    for (const [acceptEncoding, encoding] of cases) {
      const response = await get(acceptEncoding);
      expect(response.status, acceptEncoding).toBe(200);
      expect(response.headers.get('Content-Encoding'), acceptEncoding).toBe(encoding);
      expect(response.headers.get('Vary'), acceptEncoding).toBe('Accept-Encoding');
      expect(response.headers.get('Content-Security-Policy'), acceptEncoding).toContain("'nonce-");
      const bytes = Buffer.from(await response.arrayBuffer());
      const text =
        encoding === 'br'
          ? brotliDecompressSync(bytes).toString('utf8')
          : encoding === 'gzip'
            ? gunzipSync(bytes).toString('utf8')
            : bytes.toString('utf8');
      expect(withoutNonce(text), acceptEncoding).toBe(document);
    }
  });

  it('answers 404 HTML that cannot be framed for an unknown token, a missing token or kind', async () => {
    const { app } = built();
    for (const path of [
      '/frame/login?public_token=public-token-test-nope',
      '/frame/login',
      `/frame/admin?public_token=${TEST_TOKEN}`,
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(cspDirectives(response).get('frame-ancestors')).toBe("'none'");
    }
  });

  it('answers 503 "run npm run build" when the frame is not built', async () => {
    const response = await testApp().app.request(`/frame/login?public_token=${TEST_TOKEN}`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
    expect(cspDirectives(response).get('frame-ancestors')).toBe("'none'");
  });
});
