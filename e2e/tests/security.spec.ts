import { expect, test } from '../fixtures/test';
import { AUTH_ORIGIN, AUTHORIZED_ORIGINS } from '../support/env';
import { frameDocumentUrl, parseCsp } from '../support/frameUrl';

// packages/screens string 'frame.topLevel'.
const TOP_LEVEL_REFUSAL = 'This sign-in page is part of another site and cannot be opened on its own.';
const SANDBOX = [
  'allow-scripts',
  'allow-same-origin',
  'allow-forms',
  'allow-popups',
  'allow-popups-to-escape-sandbox',
];
const ALLOWED_FEATURES = [
  'publickey-credentials-get',
  'publickey-credentials-create',
  'identity-credentials-get',
  'otp-credentials',
  'clipboard-write',
];

test('the iframe carries the sandbox, allow, referrerpolicy and title attributes', async ({ host }) => {
  await host.open();
  await host.login.expectShown();
  const attributes = await host.iframe.evaluate((el) => ({
    sandbox: el.getAttribute('sandbox') ?? '',
    allow: el.getAttribute('allow') ?? '',
    referrerpolicy: el.getAttribute('referrerpolicy'),
    title: el.getAttribute('title'),
  }));

  await test.step('sandbox: exactly the five tokens, never top navigation', () => {
    expect(attributes.sandbox.split(/\s+/).filter(Boolean).sort()).toEqual([...SANDBOX].sort());
  });
  await test.step('allow: each feature scoped to the auth origin only', () => {
    const policies = attributes.allow
      .split(';')
      .map((p) => p.trim().split(/\s+/))
      .filter((p) => p[0]);
    expect(policies.map((p) => p[0]).sort()).toEqual([...ALLOWED_FEATURES].sort());
    for (const [, ...origins] of policies) expect(origins).toEqual([AUTH_ORIGIN]);
  });
  await test.step('referrer policy and accessible name', () => {
    expect(attributes.referrerpolicy).toBe('strict-origin');
    expect(attributes.title).toBe('Sign up or log in');
  });
});

test('the frame document may be framed only by the authorized origins', async ({ host, page }) => {
  const frameResponse = page.waitForResponse((r) => r.url().startsWith(`${AUTH_ORIGIN}/frame/login?`));
  await host.open();
  const response = await frameResponse;
  const headers = await response.allHeaders();
  const csp = parseCsp(headers['content-security-policy'] ?? '');

  expect(csp.get('frame-ancestors')?.sort()).toEqual([...AUTHORIZED_ORIGINS].sort());
  await test.step('scripts only from the auth origin or with the nonce', () => {
    const scriptSrc = csp.get('script-src') ?? [];
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc.some((v) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(v))).toBe(true);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(csp.get('default-src')).toEqual(["'none'"]);
  });
  await test.step('no referrer, no sniffing, no caching', () => {
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cache-control']).toBe('no-store');
  });
});

test('the frame document carries the allowlist for the channel, not the URL', async ({ request }) => {
  const response = await request.get(frameDocumentUrl());
  expect(response.status()).toBe(200);
  const html = await response.text();
  const boot = /<script\b[^>]*\bid="latch-boot"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  expect(boot, 'the boot script is rendered into the frame document').not.toBeNull();
  const parsed = JSON.parse(boot?.[1] ?? '{}') as { allowedOrigins?: string[] };
  expect(parsed.allowedOrigins?.sort()).toEqual([...AUTHORIZED_ORIGINS].sort());
});

test('an unknown public token gets a 404 frame that no page may embed', async ({ request }) => {
  const response = await request.get(
    frameDocumentUrl('login', { products: ['emailMagicLinks'] }, 'public-token-test-unknown'),
  );
  expect(response.status()).toBe(404);
  expect(parseCsp(response.headers()['content-security-policy'] ?? '').get('frame-ancestors')).toEqual([
    "'none'",
  ]);
});

test('the frame refuses to run as a top-level page', async ({ page }) => {
  await test.step('open the frame URL directly', () => page.goto(frameDocumentUrl()));
  await test.step('a refusal is shown and no widget renders', async () => {
    await expect(page.getByText(TOP_LEVEL_REFUSAL)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
  });
});

test('options that look like markup stay values: the frame document carries them as inert JSON', async ({
  host,
  page,
}) => {
  const hostile = '</script><script>alert(1)</script><!--<script>\u2028\u2029';
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // A colour name as well: the frame loads the named-colour table before it hydrates with it.
  await host.open({
    config: { products: ['emailMagicLinks'], emailMagicLinksOptions: { domainHint: hostile } },
    styles: { colors: { primary: 'navy' } },
  });
  await host.login.expectShown();
  // Hydrated: React owns the drawn form (screens EARLY_INPUT.live).
  await expect(host.frame.locator('form[data-latch-live]')).toHaveCount(1);
  const frame = page.frames().find((f) => f.url().startsWith(`${AUTH_ORIGIN}/frame/login?`));
  if (!frame) throw new Error('the login frame is missing');
  const seen = await frame.evaluate(() => ({
    state: JSON.parse(document.getElementById('latch-initial-state')?.textContent ?? 'null') as {
      config: { emailMagicLinksOptions?: { domainHint?: string } };
      styles: { colors?: { primary?: string } };
    },
    // Every script element's text: only the JSON one may hold the value.
    scripts: [...document.querySelectorAll('script')].map((s) => s.textContent ?? ''),
    primary: document.querySelector('main')?.style.getPropertyValue('--latch-primary'),
  }));
  expect(seen.state.config.emailMagicLinksOptions?.domainHint).toBe(hostile);
  expect(seen.state.styles.colors?.primary).toBe('navy');
  expect(seen.scripts.filter((text) => text.includes('alert(1)'))).toHaveLength(1);
  expect(seen.primary).toBe('navy');
  expect(dialogs).toEqual([]);
});
