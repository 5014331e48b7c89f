import { existsSync } from 'node:fs';
import { encodingHeaders, readEncodedFile } from './encodedFile';
import { contentTypeOf, notBuilt, safeRelativePath } from './staticFile';
import { rawRoute, type Route } from './route';

const LOADER_HEADERS = {
  // Short: integrators link /loader.js without a hash, so a new build must reach them soon.
  'Cache-Control': 'public, max-age=300',
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * The loader, the pieces it imports lazily (the penpal channel on mount, the session manager, the
 * wallet relay), and the module build's TypeScript declarations.
 */
const LOADER_FILES = [
  'loader.js',
  'loader.mjs',
  'loader.d.mts',
  'loader-channel.js',
  'loader-session.js',
  'loader-wallets.js',
] as const;

/** Deno and other URL importers find the module's types from this header. */
const TYPES_OF: Partial<Record<(typeof LOADER_FILES)[number], string>> = {
  'loader.mjs': '/loader.d.mts',
};

const loaderFile = (file: (typeof LOADER_FILES)[number]): Route =>
  rawRoute('GET', `/${file}`, async (c, { dist }) => {
    const found = await readEncodedFile(dist.loaderDir, file, c.req.header('Accept-Encoding'));
    if (!found) return notBuilt(`The loader (apps/loader/dist/${file})`);
    const types = TYPES_OF[file];
    return new Response(found.bytes, {
      headers: {
        'Content-Type': contentTypeOf(file),
        ...LOADER_HEADERS,
        ...encodingHeaders(found),
        ...(types ? { 'X-TypeScript-Types': types } : {}),
      },
    });
  });

const frameAsset = rawRoute('GET', '/frame/assets/*', async (c, { dist }) => {
  const relative = safeRelativePath(c.req.path.slice('/frame/assets/'.length));
  const found = relative
    ? await readEncodedFile(dist.frameDir, `assets/${relative}`, c.req.header('Accept-Encoding'))
    : null;
  if (!found) {
    if (!existsSync(dist.frameDir)) return notBuilt('The frame (apps/frame/dist)');
    return new Response('Not found\n', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  return new Response(found.bytes, {
    headers: {
      ...encodingHeaders(found),
      'Content-Type': contentTypeOf(relative ?? ''),
      // Content-hashed names: a changed file gets a new URL.
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'same-origin',
    },
  });
});

export const staticRoutes: Route[] = [...LOADER_FILES.map(loaderFile), frameAsset];
