import { defineConfig } from 'vite';

// dist/loader.js: the script tag build (IIFE, global `Latch`), served by the provider at /loader.js.
export default defineConfig({
  build: {
    target: 'es2022',
    minify: true,
    sourcemap: true,
    emptyOutDir: true,
    lib: { entry: 'src/iife.ts', name: 'Latch', formats: ['iife'], fileName: () => 'loader.js' },
  },
});
