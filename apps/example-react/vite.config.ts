import { defineConfig } from 'vite';
import { recordBuild } from '../../scripts/build/buildRecord.mjs';

/**
 * Built as an integrator builds their app: `@latch/react` and `@latch/loader` come from their
 * published dist/ (no source condition here). The demo host serves dist/ under /react/.
 */
export default defineConfig({
  base: '/react/',
  plugins: [recordBuild()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      onwarn(warning, warn) {
        // @latch/react marks itself 'use client' for server-component frameworks; meaningless in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
