import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/testApp';
import { TEST_TOKEN } from '../../test/testConfig';
import { RENDERER_FILE } from './firstScreenRenderer';

// A built frame with a stand-in renderer: it echoes the mount and its config's products as the
// provider parsed them, throws for a crypto-only config, and counts its renders (the provider keeps
// rendered screens).
const frameDir = mkdtempSync(join(tmpdir(), 'latch-first-screen-'));
mkdirSync(join(frameDir, 'assets'));
mkdirSync(join(frameDir, 'server'));
writeFileSync(
  join(frameDir, 'index.html'),
  '<!doctype html><html><head><!--latch-boot--><script type="module" crossorigin src="/frame/assets/frame-abc.js"></script>' +
    '<link rel="stylesheet" crossorigin href="/frame/assets/frame-abc.css"></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(frameDir, 'assets', 'frame-abc.css'), '.latch-root{color:red}');
writeFileSync(
  join(frameDir, RENDERER_FILE),
  `export let renders = 0;
export const EARLY_SUBMIT_SCRIPT = 'window.early=1';
export async function renderFirstScreen({ kind, state, boot }) {
  renders++;
  const products = state.config.products.join('+');
  if (products === 'crypto') throw new Error('bad mount state');
  if (kind !== 'login') return null;
  return '<main data-token="' + boot.publicToken + '">' + products + ' #' + renders + '</main>';
}`,
);
afterAll(() => rmSync(frameDir, { recursive: true, force: true }));

/** The frame URL's `config` parameter offering `products`. */
const configOf = (...products: string[]) => encodeURIComponent(JSON.stringify({ products }));
const app = () => testApp({ dist: { frameDir, loaderDir: '/nonexistent' } }).app;
const frame = async (path: string) => {
  const response = await app().request(path);
  return { response, html: await response.text() };
};
const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1] ?? '';

describe('GET /frame/{kind} with the frame build’s server renderer', () => {
  it('sends the first screen drawn in #root, its head script under the nonce, and the CSS inline', async () => {
    const { response, html } = await frame(
      `/frame/login?public_token=${TEST_TOKEN}&config=${configOf('emailMagicLinks')}`,
    );
    expect(response.status).toBe(200);
    expect(html).toMatch(
      new RegExp(`<div id="root"><main data-token="${TEST_TOKEN}">emailMagicLinks #\\d+</main></div>`),
    );
    expect(html).toContain(`<script nonce="${nonceOf(response)}">window.early=1</script>`);
    // Right after #root, under the same nonce: the script that tells the host page the drawn height.
    const afterRoot = html.split('</main></div>')[1] ?? '';
    expect(afterRoot.startsWith(`<script nonce="${nonceOf(response)}">(function(){`)).toBe(true);
    expect(afterRoot.split('</script>')[0]).toContain('latch:early-height');
    expect(html).toContain('<style>.latch-root{color:red}</style>');
    expect(html).not.toContain('frame-abc.css');
  });

  it('renders a frame URL once and serves it again from memory', async () => {
    const path = `/frame/login?public_token=${TEST_TOKEN}&config=${configOf('otp', 'passwords')}`;
    const first = (await frame(path)).html;
    expect((await frame(path)).html.match(/otp\+passwords #\d+/)?.[0]).toBe(
      first.match(/otp\+passwords #\d+/)?.[0],
    );
  });

  it('falls back to the document the browser renders when the render fails or declines', async () => {
    for (const path of [
      `/frame/login?public_token=${TEST_TOKEN}&config=${configOf('crypto')}`,
      `/frame/reset-password?public_token=${TEST_TOKEN}`,
    ]) {
      const { response, html } = await frame(path);
      expect(response.status, path).toBe(200);
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('window.early');
      expect(html, path).toContain('id="latch-boot"');
    }
  });
});
