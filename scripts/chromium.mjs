// How the tests and scripts launch Chromium (the machine notes): Debian's browser when present,
// else Playwright's own, with the flags that keep a headless run quiet and offline-safe.
import { existsSync } from 'node:fs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * The `--disable-features` list Playwright 1.65 passes itself. Chromium applies only the LAST
 * `--disable-features` switch on its command line, so ours must repeat Playwright's or it would
 * switch those features back on. e2e/tests/harness.spec.ts fails when Playwright's list grows.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Every new window of Chromium's headless mode loads the address bar's suggestion popups, two web
 * pages in a renderer process of their own: about 0.22 CPU-s per browser context, which every test
 * and every bench round opens, and which no visitor's browser pays when it opens our widget.
 */
const OWN_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OWN_DISABLED_FEATURES].join(',')}`,
];

/** Launch options for `chromium.launch()`; `extraArgs` add to the shared flags. */
export const chromiumLaunchOptions = (extraArgs = []) => ({
  ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
  args: [...CHROMIUM_ARGS, ...extraArgs],
});
