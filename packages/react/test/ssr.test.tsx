import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

// The built packages, as a server-rendering app gets them from npm: Node, no DOM.
const built = ['../dist/index.js', '../../../apps/loader/dist/loader.mjs'].map((file) =>
  fileURLToPath(new URL(file, import.meta.url)),
);
const missing = built.filter((file) => !existsSync(file));
if (missing.length > 0)
  throw new Error(`Build output missing: ${missing.join(', ')}. Run \`npm run build\` first.`);

const { LatchLogin, LatchProvider, useLatchClient, useLatchSession } = await import('@latch/react');

function Status() {
  const { session, user, isInitialized } = useLatchSession();
  const client = useLatchClient();
  return <p>{JSON.stringify({ session, user, isInitialized, client: client === null ? null : 'client' })}</p>;
}

describe('@latch/react on the server', () => {
  it('runs in Node without a DOM', () => {
    expect(typeof document).toBe('undefined');
    expect(typeof window).toBe('undefined');
  });

  it('imports the loader module without touching the page', async () => {
    const loader = await import('@latch/loader');
    expect(typeof loader.createClient).toBe('function');
  });

  it('renders the widget’s container and an uninitialized session', () => {
    const html = renderToString(
      <LatchProvider publicToken="public-token-test-ssr" authOrigin="https://auth.example.com">
        <LatchLogin id="login" className="card" config={{ products: ['passwords'] }} />
        <Status />
      </LatchProvider>,
    );
    expect(html).toContain('<div id="login" class="card" data-latch-widget=""></div>');
    expect(html).not.toContain('iframe');
    expect(html).toContain(
      JSON.stringify({ session: null, user: null, isInitialized: false, client: null }).replaceAll(
        '"',
        '&quot;',
      ),
    );
  });

  it('gives a generated container id that hydration will match', () => {
    const html = renderToString(
      <LatchProvider publicToken="public-token-test-ssr" authOrigin="https://auth.example.com">
        <LatchLogin config={{ products: ['passwords'] }} />
      </LatchProvider>,
    );
    expect(html).toMatch(/<div id="latch-[^"]+" data-latch-widget=""><\/div>/);
  });
});
