import { fileURLToPath } from 'node:url';
import type { ChunkingContext, OutputChunk } from 'rolldown';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The frame's main module, index.html's script. */
const ENTRY_MODULE = fileURLToPath(new URL('src/main.tsx', import.meta.url));

/**
 * Where the login screen starts: the entry, and the form that every login config with an email or
 * phone field renders on Main. Everything they import statically is the first screen's code.
 */
const FIRST_SCREEN_ROOTS = [
  ENTRY_MODULE,
  fileURLToPath(new URL('../../packages/screens/src/main/loginForm/LoginForm.tsx', import.meta.url)),
];

/** Valibot's own modules (`…/node_modules/valibot/…`), and the protocol's schema builders. */
const isSchemaLibrary = (id: string) =>
  /[\\/]node_modules[\\/]valibot[\\/]/.test(id) ||
  /[\\/]packages[\\/]protocol[\\/]src[\\/]schemas\.ts$/.test(id);

/**
 * Whether a module holds validation: Valibot and the protocol's schema builders, or a module that
 * imports them (the protocol's schemas and the parser of the frame URL's options). The first screen needs none of it: the frame hydrates
 * from the initial state the provider parsed and embedded in the document. Without this rule the
 * protocol package's index, which re-exports every module, would pull them all into the first
 * screen's chunk; with it they go to the lazy chunks that use them (the host channel, the URL parser
 * of a document without embedded state, the wallet and consent screens). Should the first screen
 * ever import one, it comes as a shared chunk in index.html, which `npm run size` counts.
 */
function isValidation(id: string, ctx: ChunkingContext): boolean {
  return isSchemaLibrary(id) || (ctx.getModuleInfo(id)?.importedIds ?? []).some(isSchemaLibrary);
}

/** Module ids statically reachable from FIRST_SCREEN_ROOTS, computed once per chunking pass. */
const firstScreenModules = new WeakMap<ChunkingContext, Set<string>>();
function isFirstScreen(id: string, ctx: ChunkingContext): boolean {
  let reached = firstScreenModules.get(ctx);
  if (!reached) {
    reached = new Set();
    const stack = [...FIRST_SCREEN_ROOTS];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (reached.has(next) || isValidation(next, ctx)) continue;
      reached.add(next);
      stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
    firstScreenModules.set(ctx, reached);
  }
  return reached.has(id);
}

/**
 * V8's explicit compile hint, as the first line of the chunk that holds the entry (the first
 * screen's code): Chromium then compiles every function of it eagerly while the file streams in,
 * on a background thread, instead of compiling each lazily on the main thread at its first call.
 * Most of that chunk (React DOM, the widget) runs before the form is hydrated. Added last
 * (`order: 'post'`): minification drops comments, and Vite's own `generateBundle` puts its preload
 * map at the top of the chunk. `npm run size` checks that it is there.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const compileHint: Plugin = {
  name: 'latch:compile-hint',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      // The chunk of the entry module: a code-splitting group (`frame`), so not marked `isEntry`.
      const entry = Object.values(bundle).find(
        (chunk): chunk is OutputChunk => chunk.type === 'chunk' && chunk.moduleIds.includes(ENTRY_MODULE),
      );
      if (!entry) return this.error('no chunk holds the frame entry');
      entry.code = COMPILE_HINT + entry.code;
      // With `--sourcemap`, the map's lines move down by the one added line (';' is an empty line).
      const map = entry.sourcemapFileName ? bundle[entry.sourcemapFileName] : undefined;
      if (map?.type === 'asset') {
        const json = JSON.parse(String(map.source)) as { mappings: string };
        map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
      }
    },
  },
};

/** jotai marks its React entry 'use client'; that directive means nothing outside React Server Components. */
const quietDirectives: NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']> = {
  onwarn(warning, warn) {
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
    warn(warning);
  },
};

/**
 * The frame document is served by the provider at /frame/{kind} under a CSP without inline
 * script, so the build emits only external, content-hashed JS and CSS files.
 *
 * `vite build --ssr src/server/renderFirstScreen.tsx` (the second step of `npm run build`) emits `dist/server/renderFirstScreen.js`:
 * the same components, self-contained (React included), which the provider imports to send the first
 * screen already drawn. It is not below `dist/assets/`, so the provider never serves it.
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        root,
        // The provider runs it with whatever NODE_ENV it has: always React's production build.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true, target: 'node' },
        build: {
          outDir: 'dist/server',
          emptyOutDir: true,
          target: 'node20',
          sourcemap: false,
          minify: true,
          rolldownOptions: { ...quietDirectives, output: { codeSplitting: false } },
        },
      }
    : {
        root,
        base: '/frame/',
        plugins: [compileHint],
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          target: 'es2022',
          cssCodeSplit: true,
          modulePreload: { polyfill: false },
          assetsInlineLimit: 0,
          sourcemap: false,
          // dist/.vite/manifest.json: the provider reads it to preload the first screen's lazy chunks.
          manifest: true,
          rolldownOptions: {
            ...quietDirectives,
            // The login screen's code in one file (React, the widget, the form) instead of about
            // twenty small shared chunks, each a request on the way to the first screen.
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: (id, ctx) => (isValidation(id, ctx) ? 'validation' : null),
                    priority: 1,
                    includeDependenciesRecursively: false,
                  },
                  { name: (id, ctx) => (isFirstScreen(id, ctx) ? 'frame' : null) },
                ],
              },
            },
          },
        },
      },
);
