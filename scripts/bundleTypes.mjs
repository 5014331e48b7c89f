// `node ../../scripts/bundleTypes.mjs <tsconfig> <entry> <out> [dts-bundle-generator options…]`, run
// by a published package's `build` from its folder: the package's declarations as one file.
//
// TypeScript 7 (the native compiler) writes each source file's declarations, then
// dts-bundle-generator joins them into `<out>`. Given the sources, dts-bundle-generator inferred
// every declaration with TypeScript 6's compiler itself: the three packages' builds took about 29
// CPU-s that way, 21 this way, on the critical path of `npm test`'s first phase. The bundle holds
// the same declarations; only the order of some union members and properties differs.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [project, entry, out, ...bundlerOptions] = process.argv.slice(2);
if (!project || !entry || !out) {
  console.error('usage: bundleTypes.mjs <tsconfig> <entry> <out> [dts-bundle-generator options…]');
  process.exit(2);
}

// Ignored by git, and outside every tsconfig's `include`; rewritten on each build.
const declarations = resolve('.tsbuild/declarations');
rmSync(declarations, { recursive: true, force: true });
// The repository as root, so a package's sources and the workspace sources it inlines (`paths`)
// keep their places under `declarations`.
const declarationOf = (source) => join(declarations, relative(root, source)).replace(/\.tsx?$/, '.d.ts');

execFileSync(
  process.execPath,
  [
    join(root, 'node_modules/typescript7/bin/tsc'),
    ['-p', project],
    ['--emitDeclarationOnly', '--declaration', '--noEmit', 'false'],
    ['--outDir', declarations, '--rootDir', root, '--incremental', 'false', '--checkers', '1'],
  ].flat(),
  { stdio: 'inherit' },
);

// The same compiler options, now over the declarations: workspace packages that `paths` maps to
// their sources map to those sources' declarations instead. (The project's own file, plain JSON.)
const { compilerOptions = {} } = JSON.parse(readFileSync(project, 'utf8'));
const paths = compilerOptions.paths
  ? Object.fromEntries(
      Object.entries(compilerOptions.paths).map(([pattern, targets]) => [
        pattern,
        targets.map((target) => declarationOf(resolve(dirname(project), target))),
      ]),
    )
  : undefined;
const bundleConfig = join(declarations, 'tsconfig.json');
const bundleEntry = declarationOf(resolve(entry));
writeFileSync(
  bundleConfig,
  JSON.stringify({
    extends: resolve(project),
    compilerOptions: { noEmit: true, declaration: false, ...(paths ? { paths } : {}) },
    files: [bundleEntry],
    include: [],
  }),
);

const require = createRequire(import.meta.url);
const generator = join(
  dirname(require.resolve('dts-bundle-generator/package.json')),
  'dist/bin/dts-bundle-generator.js',
);
execFileSync(
  process.execPath,
  [generator, '--silent', '--project', bundleConfig, '-o', out, bundleEntry, ...bundlerOptions],
  { stdio: 'inherit' },
);
