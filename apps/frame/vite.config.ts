import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The frame document is served by the provider at /frame/{kind} under a CSP without inline
 * script, so the build emits only external, content-hashed JS and CSS files.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/frame/',
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
      onwarn(warning, warn) {
        // jotai marks its React entry 'use client'; that directive means nothing in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
