import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rewriteSpecies } from './speciesAsDataProperty';

/** postgres.js's own source file, as the build reads it. */
const postgresSource = (file: string): string => {
  const main = createRequire(import.meta.url).resolve('postgres');
  return readFileSync(join(dirname(main), '..', '..', 'src', file), 'utf8');
};

/** A rewritten module, imported as it would run in the bundle. */
const load = async (code: string): Promise<Record<string, unknown>> =>
  (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<string, unknown>;

describe('rewriteSpecies on the installed postgres.js', () => {
  it('keeps Result an Array whose copies are plain arrays, with no species getter left', async () => {
    const code = rewriteSpecies(postgresSource('result.js'), 'Array', 'postgres/src/result.js');
    expect(code).not.toMatch(/get\s+\[Symbol\.species\]/);
    const Result = (await load(code))['default'] as ArrayConstructor;
    const result = new Result();
    result.push(1, 2);
    expect(Object.getOwnPropertyDescriptor(Result, Symbol.species)?.value).toBe(Array);
    const copy = result.map((n) => n * 2);
    expect(copy).toEqual([2, 4]);
    expect(copy.constructor).toBe(Array);
    expect(result).toBeInstanceOf(Array);
  });

  it('keeps Query a Promise whose then() answers a plain Promise', async () => {
    const code = rewriteSpecies(postgresSource('query.js'), 'Promise', 'postgres/src/query.js');
    expect(code).not.toMatch(/get\s+\[Symbol\.species\]/);
    type Query = Promise<unknown> & { resolve(value: unknown): void };
    const Query = (await load(code))['Query'] as new (...args: unknown[]) => Query;
    // What the connection does with a query it ran: resolve it with the rows.
    const run = Object.assign((query: Query) => query.resolve(['row']), { debug: false });
    const chained = new Query([], [], run).then((rows) => rows);
    expect(chained.constructor).toBe(Promise);
    expect(await chained).toEqual(['row']);
    expect(Object.getOwnPropertyDescriptor(Query, Symbol.species)?.value).toBe(Promise);
  });
});

it('stops the build when the getter is not there to rewrite', () => {
  expect(() =>
    rewriteSpecies('export class Result extends Array {}', 'Array', 'postgres/src/result.js'),
  ).toThrow('postgres/src/result.js has no `static get [Symbol.species]() { return Array }` any more');
});
