import { defineConfig } from 'vite';
import { recordBuild } from '../../scripts/build/buildRecord.mjs';

/**
 * dist/index.js: one ES module. React and the loader stay imports (peer dependency and
 * dependency), so the page has one React and one session per public token.
 */
export default defineConfig({
  plugins: [recordBuild()],
  build: {
    target: 'es2022',
    minify: false,
    sourcemap: true,
    emptyOutDir: true,
    lib: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'index.js' },
    rolldownOptions: {
      external: (id) => /^(react|react-dom|@latch\/loader)(\/|$)/.test(id),
      // Next.js and other React Server Components setups render these on the client only.
      output: { banner: "'use client';" },
    },
  },
});
