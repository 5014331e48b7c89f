import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/{api,protocol}/src/**/*.test.ts', 'apps/provider/{src,test}/**/*.test.ts', 'msw/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: [
            'packages/{session,screens}/src/**/*.test.{ts,tsx}',
            'apps/{loader,frame}/src/**/*.test.{ts,tsx}',
          ],
        },
      },
    ],
  },
});
