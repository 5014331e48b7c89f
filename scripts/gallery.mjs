// `npm run gallery`: photographs every screen of the widget, light and dark, into docs/screens/.
// Starts the provider (port 4500, throwaway data) and a host page (127.0.0.1:3500; other ports with
// LATCH_GALLERY_AUTH_PORT and LATCH_GALLERY_HOST_PORT), drives
// Chromium through the real flows, screenshots the iframe, and writes docs/screens/README.md.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { FLOWS } from './gallery/flows.mjs';
import { AUTH_ORIGIN, HOST_ORIGIN, startHost, startProvider } from './gallery/servers.mjs';
import { STYLES } from './gallery/theme.mjs';
import { chromiumLaunchOptions } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'docs/screens');
const STEP_TIMEOUT_MS = 15_000;
const FLOW_TIMEOUT_MS = 120_000;
/** Waits until the iframe's height (set by the widget's resize reports) stops changing. */
async function settle(page) {
  const iframe = page.locator('iframe');
  let last = -1;
  for (let stable = 0, i = 0; stable < 3 && i < 40; i += 1) {
    const box = await iframe.boundingBox();
    const height = box ? Math.round(box.height) : -1;
    stable = height === last && height > 0 ? stable + 1 : 0;
    last = height;
    await page.waitForTimeout(100);
  }
}

async function main() {
  if (!existsSync(join(root, 'apps/frame/dist/index.html'))) throw new Error('Run `npm run build` first.');
  mkdirSync(outDir, { recursive: true });
  const provider = await startProvider(root);
  const host = await startHost().catch((error) => {
    provider.stop();
    throw error;
  });
  const browser = await chromium.launch(chromiumLaunchOptions());
  const shots = [];
  const failures = [];
  const contexts = [];
  const helpers = {
    async page() {
      const context = await browser.newContext({ viewport: { width: 460, height: 900 } });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      contexts.push(context);
      return context.newPage();
    },
    async open(page, options, query = {}) {
      await page.emulateMedia({ colorScheme: 'light' });
      const o = JSON.stringify({ kind: 'login', styles: STYLES, ...options });
      await page.goto(`${HOST_ORIGIN}/?${new URLSearchParams({ ...query, o }).toString()}`);
      await page.locator('iframe').waitFor();
      return page.frameLocator('iframe');
    },
    /** `keepAnimations`: a toast closes when its (hidden) timer animation ends, so never fast-forward it. */
    async shot(page, name, { keepAnimations = false } = {}) {
      for (const scheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForTimeout(150);
        await settle(page);
        const file = `${name}-${scheme}.png`;
        await page
          .locator('iframe')
          .screenshot({ path: join(outDir, file), animations: keepAnimations ? 'allow' : 'disabled' });
      }
      await page.emulateMedia({ colorScheme: 'light' });
      shots.push(name);
      console.log(`  ${name}`);
    },
    async inboxCode(address) {
      for (let i = 0; i < 20; i += 1) {
        const res = await fetch(`${AUTH_ORIGIN}/dev/inbox.json?to=${encodeURIComponent(address)}`);
        const [latest] = res.ok ? await res.json() : [];
        if (latest?.code) return latest.code;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`No passcode arrived for ${address}`);
    },
  };
  // `node scripts/gallery.mjs passcode passwords` photographs only those flows, README untouched.
  const only = process.argv.slice(2);
  const flows = only.length === 0 ? FLOWS : FLOWS.filter((flow) => only.includes(flow.name));
  if (flows.length < only.length)
    throw new Error(`Unknown flow; flows: ${FLOWS.map((f) => f.name).join(', ')}`);
  try {
    for (const flow of flows) {
      let timer;
      const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${FLOW_TIMEOUT_MS} ms`)), FLOW_TIMEOUT_MS);
      });
      try {
        await Promise.race([flow(helpers), timeout]);
      } catch (error) {
        failures.push(`${flow.name}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
        console.error(`  ${flow.name} failed: ${error instanceof Error ? error.message : error}`);
      } finally {
        clearTimeout(timer);
      }
    }
  } finally {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser.close();
    host.stop();
    provider.stop();
  }
  if (only.length === 0) {
    // Formatted as `prettier --check .` expects, so the generated file never fails the lint.
    const readmePath = join(outDir, 'README.md');
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(readmePath)) ?? {};
    writeFileSync(readmePath, await prettier.format(readme(shots), { ...options, filepath: readmePath }));
  }
  console.log(`\n${shots.length} screens, ${shots.length * 2} images in docs/screens/`);
  if (failures.length > 0) {
    console.error(`\nNot photographed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exitCode = 1;
  }
}

function readme(names) {
  const rows = names.map(
    (name) => `| \`${name}\` | ![${name}, light](${name}-light.png) | ![${name}, dark](${name}-dark.png) |`,
  );
  return `# The widget's screens

Generated by \`npm run gallery\` (scripts/gallery.mjs): each screen reached through the real
provider in Chromium and photographed inside its iframe, with the default theme (light) and a
dark palette given as the second half of a \`[light, dark]\` styles pair (see
[../theming.md](../theming.md)). Do not edit by hand; run the script again.

| screen | light | dark |
|---|---|---|
${rows.join('\n')}
`;
}

await main();
