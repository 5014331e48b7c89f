import type { Plugin } from 'vite';

/** postgres.js's files whose class has a species getter, and the constructor each getter answers. */
const SPECIES_GETTERS: Readonly<Record<string, string>> = {
  'postgres/src/result.js': 'Array',
  'postgres/src/query.js': 'Promise',
};

/**
 * `static get [Symbol.species]() { return X }` in `code` as the data property
 * `static [Symbol.species] = X`: the same value wherever the species is read. Throws when the
 * getter is not there, so a new postgres.js that changed it stops the build instead of shipping
 * unpatched.
 */
export function rewriteSpecies(code: string, constructorName: string, file: string): string {
  const getter = new RegExp(
    String.raw`static\s+get\s+\[Symbol\.species\]\(\)\s*\{\s*return\s+${constructorName}\s*;?\s*\}`,
  );
  if (!getter.test(code))
    throw new Error(
      `${file} has no \`static get [Symbol.species]() { return ${constructorName} }\` any more: ` +
        'check whether V8 still gives up optimizing its class (see build/speciesAsDataProperty.ts), ' +
        'then update or drop the rewrite',
    );
  return code.replace(getter, `static [Symbol.species] = ${constructorName}`);
}

/**
 * Bundles postgres.js (see `ssr.noExternal` in vite.config.ts) with its two species getters
 * (`Result`, an Array subclass; `Query`, a Promise subclass) made data properties. A class whose
 * body defines a static species getter is never optimized by the V8 of Node 20: every attempt
 * ends "Bailed out due to dependency change", and so do the functions that inline it (`Query`,
 * `unsafe`, `ReadyForQuery`), so the driver's hot path ran in V8's baseline tiers. Defining the
 * property after the class exists does not help; only the class body can. `npm run
 * bench:provider`'s session refresh row shows what it is worth: measure it again (with and without)
 * before changing or dropping it.
 */
export function speciesAsDataProperty(): Plugin {
  const rewritten = new Set<string>();
  return {
    name: 'latch:postgres-species-as-data-property',
    transform(code, id) {
      const path = id.replaceAll('\\', '/');
      const getter = Object.entries(SPECIES_GETTERS).find(([file]) => path.endsWith(`/node_modules/${file}`));
      if (!getter) return null;
      const [file, constructorName] = getter;
      rewritten.add(file);
      return { code: rewriteSpecies(code, constructorName, file), map: null };
    },
    buildEnd(error) {
      if (error) return;
      const missed = Object.keys(SPECIES_GETTERS).filter((file) => !rewritten.has(file));
      if (missed.length > 0)
        this.error(`the build did not bundle ${missed.join(', ')}: postgres.js must not be external`);
    },
  };
}
