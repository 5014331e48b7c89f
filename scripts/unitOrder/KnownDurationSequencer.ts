import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import committed from './durations.json' with { type: 'json' };

const COMMITTED: Readonly<Record<string, number>> = committed;

/**
 * Vitest's own order, longest file first, also on a machine that has never run the tests. Vitest
 * orders by the durations of the last run on this machine (node_modules/.vite/vitest); a fresh
 * clone has none, so it started the largest files first, which on two cores left the unit stage
 * about 25 s longer (164 s against 139 s, side by side on one clone). A file the last run did not
 * time takes its duration from `durations.json` (refresh it with `node scripts/unitOrder/refresh.mjs`);
 * a file in neither runs first, as Vitest runs unknown files first.
 *
 * Within a project, files that ask for their own environment (a `@vitest-environment` or
 * `@vitest-environment-options` comment) run after the project's other files, each such
 * environment's files together. Vitest hands a worker on to the next file only when that file has
 * the same project and environment; otherwise it stops the worker and starts a new one, which loads
 * the module graph again (the screens and the in-process provider: seconds of CPU). Sorted by
 * duration alone, the loader's few files with their own environment sat between the screens' files
 * and stopped their workers again and again.
 *
 * Only the order changes: each file still runs once.
 */
export default class KnownDurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const keyOf = (spec: TestSpecification) => `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
    const facts = new Map(
      files.map((spec) => {
        const key = keyOf(spec);
        const lastRun = cache.getFileTestResults(key);
        return [
          spec,
          {
            failed: lastRun?.failed ?? false,
            duration: lastRun?.duration ?? COMMITTED[key],
            environment: ownEnvironment(spec.moduleId),
          },
        ];
      }),
    );
    return [...files].sort((a, b) => {
      // Vitest's rules before the durations: group order, then one project after another.
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groupOrder !== 0) return groupOrder;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const factsA = facts.get(a);
      const factsB = facts.get(b);
      // Then each environment's files together, the project's own first ('' sorts first).
      const environmentA = factsA?.environment ?? '';
      const environmentB = factsB?.environment ?? '';
      if (environmentA !== environmentB) return environmentA < environmentB ? -1 : 1;
      if (factsA?.failed !== factsB?.failed) return factsA?.failed ? -1 : 1;
      const durationA = factsA?.duration;
      const durationB = factsB?.duration;
      if (durationA === undefined || durationB === undefined) {
        if (durationA === durationB) return 0;
        return durationA === undefined ? -1 : 1;
      }
      return durationB - durationA;
    });
  }
}

/**
 * The environment a file's comments ask for, as Vitest reads them (the first `@vitest-environment`
 * and `@vitest-environment-options` anywhere in the file), or '' when it asks for none. Only
 * equality matters: files with the same text can share a worker.
 */
function ownEnvironment(file: string): string {
  const code = readFileSync(file, 'utf8');
  const name = /@(?:vitest|jest)-environment\s+([\w-]+)\b/.exec(code)?.[1] ?? '';
  const options = /@(?:vitest|jest)-environment-options\s+(.+)/.exec(code)?.[1] ?? '';
  return name || options ? `${name} ${options}` : '';
}
