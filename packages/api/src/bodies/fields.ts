import * as v from 'valibot';
import { isPlainObject } from '../isPlainObject';
import { expected } from './expected';
import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacter } from './text';

/*
 * The building blocks of request body schemas. Each names what it wanted and what it got, so the
 * provider can answer `invalid_field` with a message a developer can act on.
 */

export const integer = (min = 0, max = Number.MAX_SAFE_INTEGER) => {
  const message = expected(`an integer from ${min} to ${max}`);
  return v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
};

export const flag = () => v.boolean(expected('true or false'));

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  v.picklist(values, expected(`one of ${values.join(', ')}`));

/**
 * An object with known keys; unknown keys are dropped, since SDK versions send fields we do not
 * read. Unlike Valibot's `object` alone, an array is not an object here.
 */
export const jsonObject = <const E extends v.ObjectEntries>(entries: E) =>
  v.pipe(
    v.custom<v.InferInput<v.ObjectSchema<E, undefined>>>(isPlainObject, expected('an object')),
    v.object(entries),
  );

/** An array whose length is checked before its items, so a huge one fails fast. */
export const list = <const S extends v.GenericSchema>(item: S, { min = 0, max = 1000 } = {}) =>
  v.pipe(
    v.custom<v.InferInput<S>[]>(Array.isArray, expected('an array')),
    v.minLength(min, `expected at least ${min} item${min === 1 ? '' : 's'}`),
    v.maxLength(max, `more than ${max} items`),
    v.array(item),
  );

const JSON_DEPTH = 10;

function isBoundedJson(value: unknown, depth = 0): boolean {
  if (depth > JSON_DEPTH) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isBoundedJson(item, depth + 1));
  if (isPlainObject(value)) return Object.values(value).every((item) => isBoundedJson(item, depth + 1));
  return false;
}

/** Strings anywhere in a JSON value, keys included, under the same rule as every body string. */
function hasForbiddenJsonString(value: unknown): boolean {
  if (typeof value === 'string') return hasForbiddenCharacter(value);
  if (Array.isArray(value)) return value.some(hasForbiddenJsonString);
  if (isPlainObject(value)) {
    return Object.entries(value).some(
      ([key, item]) => hasForbiddenCharacter(key) || hasForbiddenJsonString(item),
    );
  }
  return false;
}

/** Any plain JSON value of bounded depth (event payloads, metadata). */
const jsonValue = v.pipe(
  v.unknown(),
  v.check(isBoundedJson, `expected JSON data at most ${JSON_DEPTH} levels deep`),
  v.check((value) => !hasForbiddenJsonString(value), FORBIDDEN_CHARACTER_MESSAGE),
);

/** A string-keyed object of JSON values. */
export const jsonRecord = () =>
  v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, expected('an object')),
    // The keys are checked here, not by the record's key schema, so an issue names the object
    // rather than quoting the offending key.
    v.check((value) => !Object.keys(value).some(hasForbiddenCharacter), FORBIDDEN_CHARACTER_MESSAGE),
    v.record(v.string(), jsonValue),
  );

/**
 * A field of the hosted backend API the provider does not implement: refused when present, so a
 * caller relying on it (an RBAC check that would pass unchecked, roles never stored) learns it at once.
 */
export const unsupported = () =>
  v.exactOptional(v.custom<never>(() => false, 'not supported by this provider'));
