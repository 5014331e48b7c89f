// What a workspace's build read and wrote, as each file's modification time and size: a record
// written by the Vite plugin below after every build, and the check `npm start` makes against it.
import { mkdirSync, readdirSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where the records of one workspace's builds live: outside dist/, which is published and served. */
export function recordDir(workspaceDir, repoRoot = REPO_ROOT) {
  return join(
    repoRoot,
    'node_modules/.cache/latch-build',
    relative(repoRoot, workspaceDir).replaceAll('/', '+'),
  );
}

/** `[mtimeMs, size]`, or null for a file that is not there. */
function stamp(file) {
  try {
    const stats = statSync(file);
    return stats.isFile() ? [stats.mtimeMs, stats.size] : null;
  } catch {
    return null;
  }
}

/** Every file under `dir` but tests: type-only modules, which the bundle never sees, feed the .d.ts files. */
function sourceFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile() && !/\.test\.[cm]?[jt]sx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A Vite plugin: after a build, the record of its inputs and outputs (see `staleReason`). */
export function recordBuild({ repoRoot = REPO_ROOT } = {}) {
  let config;
  let startedAt = 0;
  let inputs = [];
  return {
    name: 'latch-record-build',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      startedAt = Date.now();
    },
    generateBundle() {
      inputs = [...this.getModuleIds()].map((id) => id.split('?')[0]).filter((id) => isAbsolute(id));
    },
    writeBundle(options, bundle) {
      const root = config.root;
      const files = [
        ...inputs,
        ...sourceFiles(join(root, 'src')),
        ...(config.configFile ? [config.configFile, ...config.configFileDependencies] : []),
        ...readdirSync(root)
          .filter((name) => /^(package|tsconfig.*)\.json$/.test(name))
          .map((name) => join(root, name)),
        join(repoRoot, 'package-lock.json'),
      ];
      const record = { inputs: {}, outputs: {} };
      for (const file of new Set(files.map((f) => resolve(f)))) {
        const seen = stamp(file);
        // Edited while the build ran: the output may hold the old text, so the next check rebuilds.
        if (seen) record.inputs[file] = seen[0] >= startedAt ? [-1, seen[1]] : seen;
      }
      const outDir = options.dir ?? resolve(root, config.build.outDir);
      for (const fileName of Object.keys(bundle)) {
        const file = join(outDir, fileName);
        record.outputs[file] = stamp(file) ?? [-1, -1];
      }
      const dir = recordDir(root, repoRoot);
      mkdirSync(dir, { recursive: true });
      const name = `${config.mode}${config.build.ssr ? '-ssr' : ''}.json`;
      writeFileSync(join(dir, name), JSON.stringify(record));
    },
  };
}

/**
 * Why `workspaceDir` needs a build, or null when its last build's inputs and outputs are all as
 * that build left them.
 */
export function staleReason(workspaceDir, repoRoot = REPO_ROOT) {
  const dir = recordDir(workspaceDir, repoRoot);
  let names;
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    names = [];
  }
  if (names.length === 0) return 'not built yet';
  for (const name of names) {
    const record = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    for (const [kind, files] of [
      ['changed', record.inputs],
      ['output changed', record.outputs],
    ]) {
      for (const [file, before] of Object.entries(files)) {
        const now = stamp(file);
        if (!now || now[0] !== before[0] || now[1] !== before[1]) {
          return `${now ? kind : kind === 'changed' ? 'removed' : 'output missing'}: ${relative(repoRoot, file)}`;
        }
      }
    }
  }
  return null;
}
