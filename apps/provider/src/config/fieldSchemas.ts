import * as v from 'valibot';
import { expected, isPlainObject } from '@latch/api';
import { endpointUrlProblem } from './origins';

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
/** The message of a key no schema knows: reported before anything else of its object. */
export const UNKNOWN_KEY = 'unknown key';

export const strictPlainObject = <const E extends v.ObjectEntries>(entries: E) =>
  v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, expected('an object')),
    v.rawCheck<Record<string, unknown>>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const input = dataset.value;
      for (const key of Object.keys(input).filter((k) => !Object.hasOwn(entries, k)))
        addIssue({
          message: UNKNOWN_KEY,
          path: [{ type: 'object', origin: 'key', input, key, value: input[key] }],
        });
    }),
    // A key set to undefined (from code; JSON has no undefined) counts as absent, as in JSON.stringify.
    v.transform((input) => Object.fromEntries(Object.entries(input).filter(([, x]) => x !== undefined))),
    v.strictObject(entries, 'is required'),
  );

/** An upstream endpoint: https, or http on a loopback host (local stand-ins in tests and development). */
export const endpointUrl = v.pipe(text({ min: 1, max: 2048 }), withoutProblem(endpointUrlProblem));

/** An environment variable's name: secrets live in the environment, never in the config file. */
export const envName = v.pipe(
  text({ min: 1, max: 128 }),
  v.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name like "GOOGLE_CLIENT_SECRET"'),
);

/** A key that must name an environment variable instead: refused with where the secret goes. */
export const secretInFile = (envKey: string) =>
  v.optional(
    v.custom<never>(
      () => false,
      `is not accepted in the config file: put the secret in an environment variable and name it in "${envKey}"`,
    ),
  );
