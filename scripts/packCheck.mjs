// `npm run pack:check` (after `npm run build`): packs the published packages as npm would, checks
// what each tarball holds, then installs the tarballs into a throwaway consumer project and
// type-checks it with Node's ESM resolution, and server-renders @latch/react from it in Node.
// Offline: the tarballs are unpacked in place; React, its types and Valibot come from this repo's
// node_modules, as a registry install would provide them. Each package's `prepack` writes the
// published package.json (scripts/publishManifest.mjs); this checks that every file the packed
// manifest names is in the tarball, and that the package.json in the repository is back as it was.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = [
  {
    name: '@latch/loader',
    dir: 'apps/loader',
    files: ['dist/loader.js', 'dist/loader.mjs', 'dist/loader.d.mts'],
  },
  { name: '@latch/session', dir: 'packages/session', files: ['dist/index.js', 'dist/index.d.ts'] },
  { name: '@latch/react', dir: 'packages/react', files: ['dist/index.js', 'dist/index.d.ts'] },
];
// What a registry install would bring for the packages' dependencies and peer dependencies.
const FROM_REPO = ['react', 'react-dom', 'scheduler', '@types/react', '@types/react-dom', 'valibot'];

/** The files `exports` points at, under every condition. */
function exportTargets(value) {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(exportTargets);
}

/** Every file a manifest names for its users: `exports`, `main`, `module`, `types`. */
const manifestTargets = (manifest) => [
  ...exportTargets(manifest.exports),
  ...['main', 'module', 'types'].flatMap((field) => (manifest[field] ? [manifest[field]] : [])),
];

const problems = [];
const work = mkdtempSync(join(tmpdir(), 'latch-pack-'));
try {
  const consumer = join(work, 'consumer');
  const modules = join(consumer, 'node_modules');
  mkdirSync(modules, { recursive: true });

  for (const pkg of PACKAGES) {
    const sourceManifest = join(root, pkg.dir, 'package.json');
    const before = readFileSync(sourceManifest, 'utf8');
    const [packed] = JSON.parse(
      execFileSync(
        'npm',
        ['pack', '--json', '--silent', '--workspace', pkg.name, '--pack-destination', work],
        {
          cwd: root,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      ),
    );
    if (readFileSync(sourceManifest, 'utf8') !== before)
      problems.push(`${pkg.name}: ${pkg.dir}/package.json was not put back after packing`);
    const files = packed.files.map((f) => f.path);
    const want = ['package.json', 'README.md', ...pkg.files];
    for (const file of want) if (!files.includes(file)) problems.push(`${pkg.name}: ${file} is not packed`);
    for (const file of files) {
      if (/^(src|test)\//.test(file) || /\.test\.|\.tsbuild/.test(file))
        problems.push(`${pkg.name}: packs ${file}, which is not for npm`);
    }
    const dir = join(modules, pkg.name);
    mkdirSync(dir, { recursive: true });
    execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', dir, '--strip-components=1']);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    if (manifest.private) problems.push(`${pkg.name}: marked private`);
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(manifest.version))
      problems.push(`${pkg.name}: version ${manifest.version} is not semver`);
    if (manifest.license !== 'MIT') problems.push(`${pkg.name}: license is not MIT`);
    // Every file the packed manifest leads to is in the tarball, under every condition.
    for (const target of manifestTargets(manifest)) {
      if (!files.includes(target.replace(/^\.\//, '')))
        problems.push(`${pkg.name}: package.json names ${target}, which is not in the tarball`);
    }
  }

  for (const name of FROM_REPO) {
    const target = join(modules, name);
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(join(root, 'node_modules', name), target, 'dir');
  }

  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        jsx: 'react-jsx',
        strict: true,
        exactOptionalPropertyTypes: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      files: ['app.tsx', 'loaderTypes.ts'],
    }),
  );
  writeFileSync(
    join(consumer, 'app.tsx'),
    `import { renderToString } from 'react-dom/server';
import { LatchLogin, LatchProvider, useLatchClient, useLatchSession, type WidgetEvent } from '@latch/react';
import { createClient, type LatchClient } from '@latch/loader';
import { cookieNames, readCookie } from '@latch/session';

function Account() {
  const { user, isInitialized } = useLatchSession();
  const client: LatchClient | null = useLatchClient();
  if (!isInitialized || !user) return null;
  return <button onClick={() => void client?.session.revoke()}>{user.emails[0]?.email}</button>;
}

const onEvent = (event: WidgetEvent) => {
  if (event.type === 'PASSWORD_AUTHENTICATE') console.log(event.data.user.user_id);
};

export const html = renderToString(
  <LatchProvider publicToken="public-token-test-consumer" authOrigin="https://auth.example.com">
    <LatchLogin id="login" config={{ products: ['passwords'] }} callbacks={{ onEvent }} />
    <Account />
  </LatchProvider>,
);
export const names = cookieNames({ jwtCookieName: 'jwt' });
export const cookie = readCookie('a=1', 'a');
export const make = () => createClient('public-token-test-consumer', { authOrigin: 'https://auth.example.com' });
`,
  );
  // The loader's own typing examples (misspelt ids and closed sets refused, events narrowed), in the
  // same program: its types are instantiated once for both files.
  copyFileSync(join(root, 'apps/loader/types-check/consumer.ts'), join(consumer, 'loaderTypes.ts'));
  // TypeScript 7, the native compiler: a third of TypeScript 6's CPU for the same answers.
  try {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/typescript7/bin/tsc'), '-p', consumer, '--checkers', '1'],
      {
        cwd: consumer,
        encoding: 'utf8',
        stdio: 'pipe',
      },
    );
  } catch (error) {
    problems.push(`the consumer project does not type-check against the tarballs:\n${error.stdout}`);
  }

  // The packed @latch/react, server-rendered in plain Node (no DOM), as a Next.js page would.
  writeFileSync(
    join(consumer, 'ssr.mjs'),
    `import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { LatchLogin, LatchProvider } from '@latch/react';
process.stdout.write(renderToString(h(LatchProvider, { publicToken: 't', authOrigin: 'https://a.example' },
  h(LatchLogin, { id: 'login', config: { products: ['passwords'] } }))));
`,
  );
  const html = execFileSync(process.execPath, ['ssr.mjs'], { cwd: consumer, encoding: 'utf8' });
  if (html !== '<div id="login" data-latch-widget=""></div>')
    problems.push(`server rendering from the tarball gave ${html}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(
    `Packed packages: ${problems.length} problem(s)\n${problems.map((p) => `- ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `Packed packages ok: ${PACKAGES.map((p) => p.name).join(', ')} (contents, consumer type-check, SSR)`,
);
