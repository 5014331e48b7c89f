import { defineConfig } from 'vite';

// dist/loader.mjs: the module build, served at /loader.mjs; added after the IIFE build.
export default defineConfig({
  build: {
    target: 'es2022',
    minify: true,
    sourcemap: true,
    emptyOutDir: false,
    lib: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'loader.mjs' },
    // Library mode keeps whitespace in ES output; this file ships to browsers as is, so minify fully.
    rolldownOptions: { output: { minify: true } },
  },
});
