import { defaultClientConditions, defineConfig } from 'vite';
import { recordBuild } from '../../scripts/build/buildRecord.mjs';

/**
 * dist/index.js for npm: one ES module with the API client it uses compiled in (that package is
 * not published). Valibot is a dependency for the declarations (the manager's API client's types).
 */
export default defineConfig({
  // The unpublished API client from its sources.
  resolve: { conditions: ['@latch/source', ...defaultClientConditions] },
  plugins: [recordBuild()],
  build: {
    target: 'es2022',
    minify: false,
    sourcemap: true,
    emptyOutDir: true,
    lib: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'index.js' },
    rolldownOptions: { external: (id) => /^valibot(\/|$)/.test(id) },
  },
});
