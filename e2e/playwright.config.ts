import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { OUTPUT_DIR } from './support/env';

// Debian's Chromium when present; Playwright's own browser only where it is absent.
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

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
    launchOptions: {
      ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // No trace by default: recording one for every test (kept only for a failure) cost about 9 % of
    // the e2e stage's CPU, and the screencast a third. A failure keeps its screenshot and page
    // snapshot; rerun it with `--trace retain-on-failure` for the whole trace.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
