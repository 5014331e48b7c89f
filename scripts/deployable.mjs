// Assembles the provider's deployable, dist/provider: the compiled provider, its migrations, the
// built loader and frame it serves, and a package.json and package-lock.json with its production
// dependencies only, pinned to the versions this repository's lockfile tested. It starts with
// `npm ci --omit=dev && node main.js` on a machine that never saw the repository (the Dockerfile
// does exactly that). `npm run build` runs it after scripts/precompress.mjs.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist/provider');
const readJson = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));

const provider = readJson('apps/provider/package.json');
const lock = readJson('package-lock.json');
const PROVIDER_AT = 'apps/provider';

function fail(message) {
  console.error(`deployable: ${message}`);
  process.exit(1);
}

for (const dir of ['apps/provider/dist', 'apps/loader/dist', 'apps/frame/dist']) {
  if (!existsSync(join(root, dir))) fail(`${dir} is missing; build it first.`);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(join(root, 'apps/provider/dist'), out, { recursive: true });
cpSync(join(root, 'apps/provider/migrations'), join(out, 'migrations'), { recursive: true });
// The loader's source maps and the like are never served (http/staticRoutes.ts lists what is).
cpSync(join(root, 'apps/loader/dist'), join(out, 'loader'), {
  recursive: true,
  filter: (source) => !source.endsWith('.map'),
});
cpSync(join(root, 'apps/frame/dist'), join(out, 'frame'), { recursive: true });

/** Every bare package a compiled file imports: the workspace's own packages must be bundled in. */
const imported = new Set();
for (const file of readdirSync(out).filter((name) => name.endsWith('.js'))) {
  const code = readFileSync(join(out, file), 'utf8');
  for (const [, specifier] of code.matchAll(
    /\bfrom\s*["']([^"'.][^"']*)["']|\bimport\(\s*["']([^"'.][^"']*)["']/g,
  ))
    if (specifier) imported.add(specifier);
}
const workspaceDeps = Object.keys(provider.dependencies).filter(
  (name) => lock.packages[`node_modules/${name}`]?.link === true,
);
const stillImported = workspaceDeps.filter((name) =>
  [...imported].some((specifier) => specifier === name || specifier.startsWith(`${name}/`)),
);
if (stillImported.length > 0)
  fail(`the compiled provider imports ${stillImported.join(', ')}, which only the repository has`);
const dependencies = Object.fromEntries(
  Object.entries(provider.dependencies).filter(([name]) => !workspaceDeps.includes(name)),
);

/** Where Node finds `name` from the package at lockfile location `from`, as npm laid it out. */
function locate(from, name) {
  for (let at = from; ;) {
    const candidate = at ? `${at}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!at) return undefined;
    const cut = at.lastIndexOf('/node_modules/');
    at = cut === -1 ? '' : at.slice(0, cut);
  }
}

/** The lockfile entries the production dependencies reach, by the location npm gave them. */
const reached = new Set();
const queue = Object.keys(dependencies).map((name) => [PROVIDER_AT, name, false]);
while (queue.length > 0) {
  const [from, name, optional] = queue.shift();
  const at = locate(from, name);
  if (!at) {
    if (optional) continue;
    fail(`${name} (needed by ${from}) is not in package-lock.json; run npm install`);
  }
  if (reached.has(at)) continue;
  reached.add(at);
  const entry = lock.packages[at];
  const peersOptional = entry.peerDependenciesMeta ?? {};
  for (const dep of Object.keys(entry.dependencies ?? {})) queue.push([at, dep, false]);
  for (const dep of Object.keys(entry.optionalDependencies ?? {})) queue.push([at, dep, true]);
  for (const dep of Object.keys(entry.peerDependencies ?? {}))
    queue.push([at, dep, peersOptional[dep]?.optional === true]);
}

/** The same layout with the provider's folder as the root: its own node_modules wins over the hoisted one. */
const packages = {
  '': { name: 'latch-provider', version: provider.version, dependencies },
};
const relocated = (at) => (at.startsWith(`${PROVIDER_AT}/`) ? at.slice(PROVIDER_AT.length + 1) : at);
for (const at of [...reached].sort()) {
  const target = relocated(at);
  if (packages[target])
    fail(`${target} is needed in two versions; the deployable's lockfile cannot hold both`);
  // Everything installed here is a production dependency; `optional` (platform-specific) stays.
  const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = lock.packages[at];
  packages[target] = entry;
}

const manifest = {
  name: 'latch-provider',
  version: provider.version,
  private: true,
  description: 'The Latch provider, built: node main.js (see docs/deployment.md in the repository).',
  type: 'module',
  engines: readJson('package.json').engines,
  bin: { latch: 'latch.js' },
  scripts: { start: 'node main.js' },
  dependencies,
};
writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(
  join(out, 'package-lock.json'),
  `${JSON.stringify({ name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages }, null, 2)}\n`,
);
console.log(`deployable: ${relative(root, out)} (${reached.size} packages locked)`);
