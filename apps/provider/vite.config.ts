import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { recordBuild } from '../../scripts/build/buildRecord.mjs';
import { speciesAsDataProperty } from './build/speciesAsDataProperty';

const root = fileURLToPath(new URL('.', import.meta.url));
const manifest = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as {
  dependencies: Record<string, string>;
};

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Production installs only `dependencies`: the build fails when the compiled provider imports a
 * package that is not one of them (a dev tool imported by mistake would otherwise fail at start).
 */
function onlyDependenciesAtRunTime(): Plugin {
  return {
    name: 'latch:only-dependencies-at-run-time',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const missing = output.imports
          .filter((specifier) => !specifier.startsWith('node:') && !builtinModules.includes(specifier))
          // Relative imports, and the build's own chunks (listed by file name).
          .filter((specifier) => !specifier.startsWith('.') && !(specifier in bundle))
          .map(packageOf)
          .filter((name) => !(name in manifest.dependencies));
        if (missing.length > 0)
          this.error(`${output.fileName} imports ${missing.join(', ')}, not in apps/provider dependencies`);
      }
    },
  };
}

/**
 * The provider compiled for Node: dist/main.js (and dist/latch.js), which `node` runs with no TypeScript tooling.
 * Packages from node_modules stay imports (they ship JavaScript, and PGlite finds its WASM beside
 * its own files), but for postgres.js, bundled to rewrite two lines (`speciesAsDataProperty`); the
 * workspace's own TypeScript (@latch/api) is bundled in.
 */
export default defineConfig({
  root,
  plugins: [onlyDependenciesAtRunTime(), speciesAsDataProperty(), recordBuild()],
  ssr: { noExternal: ['postgres'] },
  build: {
    ssr: true,
    outDir: 'dist',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    // Chunks beside main.js, not in assets/: src/paths.ts finds the repository from its own depth,
    // whichever file it is bundled into.
    rolldownOptions: {
      // The server, and `latch`, the operator's command (the package's bin).
      input: { main: 'src/main.ts', latch: 'src/cli/latch.ts' },
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
