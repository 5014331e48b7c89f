// The demo host: static pages on another site than the auth origin, with the auth origin and the
// project's public token injected at request time. No framework, no build step.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const authOrigin = (process.env.LATCH_AUTH_ORIGIN ?? 'http://localhost:4000').replace(/\/+$/, '');
const fixedToken = process.env.LATCH_PUBLIC_TOKEN ?? '';
// e2e serves its fixture host pages under /fixtures/ from the same server (same origin as the demo).
const fixturesDir = process.env.LATCH_DEMO_FIXTURES_DIR ? resolve(process.env.LATCH_DEMO_FIXTURES_DIR) : '';
const publicDir = fileURLToPath(new URL('./public/', import.meta.url));
// The React example (apps/example-react), once built, under /react/: the same origin as the demo.
const reactDir = fileURLToPath(new URL('../example-react/dist/', import.meta.url));

const PAGES = {
  '/': 'index.html',
  '/authenticate': 'authenticate.html',
  '/reset-password': 'reset-password.html',
  '/passkeys': 'passkeys.html',
  '/idp': 'idp.html',
  '/third-party-app': 'third-party-app.html',
};

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

let cachedToken = fixedToken;

/** The public token: LATCH_PUBLIC_TOKEN, else the provider's first test project (looked up lazily). */
async function publicToken() {
  if (cachedToken) return cachedToken;
  const response = await fetch(`${authOrigin}/dev/projects.json`);
  if (!response.ok) throw new Error(`${authOrigin}/dev/projects.json answered ${response.status}`);
  const projects = await response.json();
  const project = Array.isArray(projects)
    ? projects.find(
        (p) => typeof p?.public_token === 'string' && p.public_token.startsWith('public-token-test'),
      )
    : undefined;
  if (!project) throw new Error(`${authOrigin}/dev/projects.json lists no test project`);
  cachedToken = project.public_token;
  return cachedToken;
}

/** JSON safe to place inside a script: `<` cannot close the tag. */
const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');
const htmlAttr = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

async function configScript() {
  const demo = { authOrigin, publicToken: null, error: null };
  try {
    demo.publicToken = await publicToken();
  } catch (error) {
    demo.error = `No public token: ${error instanceof Error ? error.message : String(error)}. Is the provider running? Set LATCH_PUBLIC_TOKEN to skip the lookup.`;
  }
  return `window.LATCH_DEMO = ${scriptJson(demo)};\n`;
}

/** A file inside `dir` for a URL path, or null when the path escapes it. */
function inside(dir, urlPath) {
  const file = resolve(dir, `.${urlPath}`);
  return file.startsWith(dir.endsWith(sep) ? dir : dir + sep) ? file : null;
}

function fileFor(pathname) {
  if (pathname in PAGES) return resolve(publicDir, PAGES[pathname]);
  if (pathname === '/react' || pathname === '/react/') return resolve(reactDir, 'index.html');
  if (pathname.startsWith('/react/')) return inside(reactDir, pathname.slice('/react'.length));
  if (fixturesDir && pathname.startsWith('/fixtures/')) {
    return inside(fixturesDir, pathname.slice('/fixtures'.length));
  }
  return inside(publicDir, pathname);
}

function send(res, status, type, body) {
  res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
}

async function handle(req, res) {
  const { pathname } = new URL(req.url ?? '/', 'http://demo.invalid');
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return send(res, 405, TYPES['.html'], 'Method not allowed');
  if (pathname === '/config.js') return send(res, 200, TYPES['.js'], await configScript());
  let file;
  try {
    file = fileFor(decodeURIComponent(pathname));
  } catch {
    return send(res, 400, TYPES['.html'], 'Bad request');
  }
  const type = file ? TYPES[extname(file)] : undefined;
  if (!file || !type) return send(res, 404, TYPES['.html'], 'Not found');
  let body;
  try {
    body = await readFile(file);
  } catch {
    return send(res, 404, TYPES['.html'], 'Not found');
  }
  if (extname(file) === '.html') {
    body = body.toString('utf8').replaceAll('%LATCH_AUTH_ORIGIN%', htmlAttr(authOrigin));
  }
  send(res, 200, type, body);
}

const server = createServer((req, res) => {
  handle(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) send(res, 500, TYPES['.html'], 'Internal error');
    else res.end();
  });
});

server.listen(port, host, () => {
  console.log(`Demo host on http://${host}:${port} (auth origin ${authOrigin})`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
