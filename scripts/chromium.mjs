// How the scripts launch Chromium (the machine notes): Debian's browser when present, else
// Playwright's own, with the flags that keep a headless run quiet and offline-safe.
import { existsSync } from 'node:fs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launch options for `chromium.launch()`; `extraArgs` add to the shared flags. */
export const chromiumLaunchOptions = (extraArgs = []) => ({
  ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
  args: [...CHROMIUM_ARGS, ...extraArgs],
});
