import * as v from 'valibot';
import { isPlainObject } from '@latch/api';

/*
 * The building blocks of every channel and mount-option schema: Valibot schemas with the limits a
 * value from the other side may not exceed and messages that say what was expected. `readValue`
 * puts the path in front (`config.products[0]: expected one of ...`).
 * They ship in the loader, where every byte lands on every host page: Valibot's smallest forms only.
 * Leaf values (strings, numbers, booleans, one-of) are one `v.custom()` check each: Valibot's
 * `v.string()`/`v.maxLength()`/`v.number()`/`v.minValue()`/`v.picklist()`... forms cost about 300 bytes
 * gzip more in the loader for the same checks. Valibot still walks objects, arrays and records,
 * names the path and infers the types.
 * Each builder is marked free of side effects, so a bundle drops the module-level schemas it never
 * uses (the bundler would otherwise keep every call it cannot prove pure).
 */

/** A Valibot schema whose output is `T`; what `readValue` and `expectValue` take. */
export type Schema<T> = v.GenericSchema<unknown, T>;

const typeName = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** "expected a string, got number": the message of a value of the wrong type or range. */
/* @__NO_SIDE_EFFECTS__ */
const expected =
  (what: string) =>
  (issue: v.BaseIssue<unknown>): string =>
    `expected ${what}, got ${typeName(issue.input)}`;

/** Checks `test` before `schema` runs, so a non-plain object or an oversized list fails first. */
/* @__NO_SIDE_EFFECTS__ */
const guard = <S extends v.GenericSchema>(
  test: (value: unknown) => boolean,
  message: (issue: v.BaseIssue<unknown>) => string,
  schema: S,
) => v.pipe(v.custom<unknown>(test, message), schema);

/* @__NO_SIDE_EFFECTS__ */
export const string = (maxLength = 4096) =>
  v.custom<string>(
    (x) => typeof x === 'string' && x.length <= maxLength,
    (issue) =>
      typeof issue.input === 'string' ? `longer than ${maxLength} characters` : expected('a string')(issue),
  );

/** A finite number within [min, max]; NaN and the infinities are refused. */
/* @__NO_SIDE_EFFECTS__ */
export const number = (min = -Number.MAX_VALUE, max = Number.MAX_VALUE) =>
  v.custom<number>(
    (x) => typeof x === 'number' && x >= min && x <= max,
    expected(`a number from ${min} to ${max}`),
  );

/* @__NO_SIDE_EFFECTS__ */
export const boolean = () => v.custom<boolean>((x) => typeof x === 'boolean', expected('a boolean'));

/* @__NO_SIDE_EFFECTS__ */
/** One of `values`; the message lists `named`, e.g. a whole allowlist when `values` is part of it. */
export const oneOf = <const T extends readonly string[]>(values: T, named: readonly string[] = values) =>
  v.custom<T[number]>(
    (x) => (values as readonly unknown[]).includes(x),
    expected(`one of ${named.join(', ')}`),
  );

/** At most `maxItems` items, counted before any item is parsed. */
/* @__NO_SIDE_EFFECTS__ */
export const array = <S extends v.GenericSchema>(item: S, maxItems = 100) =>
  guard(
    (value) => Array.isArray(value) && value.length <= maxItems,
    (issue) => (Array.isArray(issue.input) ? `more than ${maxItems} items` : expected('an array')(issue)),
    v.array(item),
  );

/** A string-keyed record, e.g. the `strings` overrides; at most `maxKeys` keys. */
/* @__NO_SIDE_EFFECTS__ */
export const record = <S extends v.GenericSchema>(value: S, maxKeys = 1000) =>
  guard(
    (input) => isPlainObject(input) && Object.keys(input).length <= maxKeys,
    (issue) => (isPlainObject(issue.input) ? `more than ${maxKeys} keys` : expected('an object')(issue)),
    v.record(v.string(), value),
  );

/** An object with known keys. Unknown keys are refused, so a typo in a config names itself. */
/* @__NO_SIDE_EFFECTS__ */
export const object = <E extends v.ObjectEntries>(entries: E) =>
  guard(
    isPlainObject,
    expected('an object'),
    v.strictObject(entries, (issue) => (issue.expected === 'never' ? 'unknown option' : 'missing')),
  );

/** Accepts any JSON-like value (event payloads); only checks it is plain data of bounded depth. */
/* @__NO_SIDE_EFFECTS__ */
export const json = (maxDepth = 8) => {
  const check = (x: unknown, depth: number): boolean => {
    if (depth > maxDepth) return false;
    if (x === null || typeof x === 'string' || typeof x === 'boolean') return true;
    if (typeof x === 'number') return Number.isFinite(x);
    if (Array.isArray(x)) return x.every((i) => check(i, depth + 1));
    if (isPlainObject(x)) return Object.values(x).every((i) => check(i, depth + 1));
    return false;
  };
  return v.custom<unknown>((x) => check(x, 0), expected('plain JSON data'));
};

/** A value `test` accepts, with the whole message, e.g. `expected an http(s) URL`. */
export const matching: <T>(test: (value: unknown) => boolean, message: string) => v.CustomSchema<T, string> =
  v.custom;

/** A host's callback: only that it is a function can be checked, never its signature `F`. */
/* @__NO_SIDE_EFFECTS__ */
export const callback = <F>() => v.custom<F>((x) => typeof x === 'function', expected('a function'));

export { optional, nullable } from 'valibot';
