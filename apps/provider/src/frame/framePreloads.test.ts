import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFrameSearch } from '@latch/protocol';
import { framePreloadTags, MANIFEST_FILE, preloadTags } from './framePreloads';
import { LAZY_MODULES } from './preloadModules';
import type { ViteManifest } from './viteManifest';

const manifest: ViteManifest = {
  '_index-1.js': {
    file: 'assets/index-1.js',
    imports: ['_react-1.js'],
    css: ['assets/index-1.css'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_shared-1.js': { file: 'assets/shared-1.js', imports: ['_react-1.js'] },
  [LAZY_MODULES.loginForm]: {
    file: 'assets/LoginForm-1.js',
    imports: ['_shared-1.js', '_index-1.js'],
    css: ['assets/LoginForm-1.css'],
  },
  [LAZY_MODULES.phoneLib]: { file: 'assets/phoneLib-1.js' },
};
/** The built index.html: its entry script and stylesheet (the provider inlines the sheet). */
const INDEX_HTML =
  '<head><!--latch-boot--><script type="module" crossorigin src="/frame/assets/index-1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/frame/assets/index-1.css"></head>';
/** The config the shared parser reads from a frame URL's query string carrying `value` as its config. */
const config = (value: unknown) =>
  parseFrameSearch(`?${new URLSearchParams({ config: JSON.stringify(value) })}`).config;

const frameDir = mkdtempSync(join(tmpdir(), 'latch-preloads-'));
afterAll(() => rmSync(frameDir, { recursive: true, force: true }));

describe('preloadTags', () => {
  it("links the first screen's chunks and CSS that the entry does not already load", () => {
    expect(preloadTags(manifest, INDEX_HTML, 'login', config({ products: ['emailMagicLinks'] }))).toBe(
      '<link rel="stylesheet" crossorigin href="/frame/assets/LoginForm-1.css">' +
        '<link rel="modulepreload" crossorigin href="/frame/assets/shared-1.js">' +
        '<link rel="modulepreload" crossorigin href="/frame/assets/LoginForm-1.js">',
    );
  });

  it('adds the phone library only for a phone-first config', () => {
    const emailOnly = preloadTags(
      manifest,
      INDEX_HTML,
      'login',
      config({ products: ['otp'], otpOptions: { methods: ['email'] } }),
    );
    const smsFirst = preloadTags(
      manifest,
      INDEX_HTML,
      'login',
      config({ products: ['otp'], otpOptions: { methods: ['sms'] } }),
    );
    expect(emailOnly).not.toContain('phoneLib');
    expect(smsFirst).toContain('<link rel="modulepreload" crossorigin href="/frame/assets/phoneLib-1.js">');
  });

  it('adds nothing when the config needs nothing or the manifest lacks the module', () => {
    expect(preloadTags(manifest, INDEX_HTML, 'login', config({ products: ['oauth'] }))).toBe('');
    expect(preloadTags({}, INDEX_HTML, 'login', config({ products: ['emailMagicLinks'] }))).toBe('');
  });
});

describe('framePreloadTags', () => {
  it('reads the manifest of the build, and adds nothing without one', async () => {
    const emailConfig = config({ products: ['emailMagicLinks'] });
    expect(await framePreloadTags(frameDir, INDEX_HTML, 'login', emailConfig)).toBe('');
    mkdirSync(join(frameDir, '.vite'));
    writeFileSync(join(frameDir, MANIFEST_FILE), '{broken');
    expect(await framePreloadTags(frameDir, INDEX_HTML, 'login', emailConfig)).toBe('');
    writeFileSync(join(frameDir, MANIFEST_FILE), JSON.stringify(manifest));
    expect(await framePreloadTags(frameDir, INDEX_HTML, 'login', emailConfig)).toContain(
      '/frame/assets/LoginForm-1.js',
    );
  });
});
