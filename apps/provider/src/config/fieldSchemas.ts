import * as v from 'valibot';
import { expected, isPlainObject } from '@latch/api';

/**
 * The config file's own building blocks, each with the message an operator reads. Integers, flags,
 * one-of and lists are the request bodies' (`integer`, `flag`, `oneOf`, `list` of @latch/api).
 */

export const text = ({ min = 0, max = 4096 }: { min?: number; max?: number } = {}) =>
  v.pipe(
    v.string(expected('a string')),
    v.minLength(min, min === 1 ? 'must not be empty' : `shorter than ${min} characters`),
    v.maxLength(max, `longer than ${max} characters`),
  );

/** A check whose message is the problem `problemOf` finds in the value; null means none. */
export const withoutProblem = <T>(problemOf: (value: T) => string | null) =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = problemOf(dataset.value);
    if (problem !== null) addIssue({ message: problem });
  });

/**
 * A JSON object with exactly these keys. Unknown keys are refused before missing ones are
 * reported, so a misspelt required key names itself (`authorised_origins: unknown key`) instead
 * of surfacing as its correct spelling being absent.
 */
export const strictPlainObject = <const E extends v.ObjectEntries>(entries: E) =>
  v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, expected('an object')),
    v.rawCheck<Record<string, unknown>>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const input = dataset.value;
      const key = Object.keys(input).find((k) => !Object.hasOwn(entries, k));
      if (key === undefined) return;
      addIssue({
        message: 'unknown key',
        path: [{ type: 'object', origin: 'key', input, key, value: input[key] }],
      });
    }),
    // A key set to undefined (from code; JSON has no undefined) counts as absent, as in JSON.stringify.
    v.transform((input) => Object.fromEntries(Object.entries(input).filter(([, x]) => x !== undefined))),
    v.strictObject(entries, 'is required'),
  );
