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
 * a file in neither runs first, as Vitest runs unknown files first. Only the order changes: each
 * file still runs once, with the same workers.
 */
export default class KnownDurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const keyOf = (spec: TestSpecification) => `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
    const facts = new Map(
      files.map((spec) => {
        const key = keyOf(spec);
        const lastRun = cache.getFileTestResults(key);
        return [spec, { failed: lastRun?.failed ?? false, duration: lastRun?.duration ?? COMMITTED[key] }];
      }),
    );
    return [...files].sort((a, b) => {
      // Vitest's rules before the durations: group order, then one project after another.
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groupOrder !== 0) return groupOrder;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const factsA = facts.get(a);
      const factsB = facts.get(b);
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
