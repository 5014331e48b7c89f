import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { OUTPUT_DIR } from './support/env';

export default defineConfig({
  testDir: './tests',
  outputDir: `./${OUTPUT_DIR}`,
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    // Debian's Chromium when present (Playwright's own browser only where it is absent), with the
    // flags the bench and the gallery use too.
    launchOptions: chromiumLaunchOptions(),
    // No trace by default: recording one for every test (kept only for a failure) cost about 9 % of
    // the e2e stage's CPU, and the screencast a third. A failure keeps its screenshot and page
    // snapshot; rerun it with `--trace retain-on-failure` for the whole trace.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
