import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/testApp';

const root = mkdtempSync(join(tmpdir(), 'latch-static-'));
const loaderDir = join(root, 'loader');
const frameDir = join(root, 'frame');
mkdirSync(loaderDir);
mkdirSync(join(frameDir, 'assets'), { recursive: true });
writeFileSync(join(loaderDir, 'loader.js'), 'var Latch={};');
writeFileSync(join(loaderDir, 'loader.mjs'), 'export {};');
writeFileSync(join(loaderDir, 'loader.d.mts'), 'export declare function createClient(): void;');
writeFileSync(join(loaderDir, 'loader-channel.js'), 'export {};');
writeFileSync(join(loaderDir, 'loader-session.js'), 'export {};');
writeFileSync(join(loaderDir, 'loader-wallets.js'), 'export {};');
writeFileSync(join(frameDir, 'assets', 'index-abc.css'), 'body{}');
writeFileSync(join(root, 'secret.txt'), 'secret');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const { app } = testApp({ dist: { loaderDir, frameDir } });

describe('static files', () => {
  it.each(['/loader.js', '/loader.mjs', '/loader-channel.js', '/loader-session.js', '/loader-wallets.js'])(
    'serves %s as JavaScript, briefly cached, to any origin',
    async (path) => {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=300');
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    },
  );

  it('serves the module build’s types, and names them on the module', async () => {
    const types = await app.request('/loader.d.mts');
    expect(types.status).toBe(200);
    expect(types.headers.get('Content-Type')).toBe('application/typescript; charset=utf-8');
    expect(types.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(await types.text()).toBe('export declare function createClient(): void;');
    expect((await app.request('/loader.mjs')).headers.get('X-TypeScript-Types')).toBe('/loader.d.mts');
    expect((await app.request('/loader.js')).headers.get('X-TypeScript-Types')).toBeNull();
  });

  it('serves frame assets as immutable', async () => {
    const response = await app.request('/frame/assets/index-abc.css');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });

  it('never serves a file outside the assets folder', async () => {
    for (const path of [
      '/frame/assets/../index.html',
      '/frame/assets/%2e%2e/%2e%2e/secret.txt',
      '/frame/assets/.hidden',
      '/frame/assets/nope.js',
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });

  it('answers 503 "run npm run build" when the builds are missing', async () => {
    const bare = testApp().app;
    for (const path of ['/loader.js', '/frame/assets/index-abc.js']) {
      const response = await bare.request(path);
      expect(response.status, path).toBe(503);
      expect(await response.text()).toContain('npm run build');
    }
  });
});

describe('compression', () => {
  it('gzips a text asset for a browser that accepts gzip, and not otherwise', async () => {
    const big = 'export const x = "' + 'latch '.repeat(2000) + '";';
    writeFileSync(join(loaderDir, 'loader.js'), big);
    const zipped = await app.request('/loader.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    const plain = await app.request('/loader.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(big);
  });
});

describe('files compressed at build time', () => {
  const script = 'export const y = "' + 'frame '.repeat(2000) + '";';
  writeFileSync(join(frameDir, 'assets', 'frame-abc.js'), script);
  writeFileSync(join(frameDir, 'assets', 'frame-abc.js.br'), brotliCompressSync(script));
  writeFileSync(join(frameDir, 'assets', 'frame-abc.js.gz'), gzipSync(script, { level: 9 }));

  it('sends brotli, else gzip, as the browser accepts, with the cache headers of the file', async () => {
    const get = (acceptEncoding?: string) =>
      app.request('/frame/assets/frame-abc.js', {
        headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
      });
    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toBe('Accept-Encoding');
    expect(br.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script);

    for (const header of ['gzip', 'br;q=0, gzip']) {
      const gz = await get(header);
      expect(gz.headers.get('Content-Encoding'), header).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString(), header).toBe(script);
    }

    const plain = await get();
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });
});
