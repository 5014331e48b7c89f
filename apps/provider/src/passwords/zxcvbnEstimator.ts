import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type { ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as enDictionary, translations } from '@zxcvbn-ts/language-en';

/*
 * Pathological input ('aB3$' x 64) takes seconds per check with the defaults (maxLength 256, 100
 * l33t substitutions); these limits bound the worst case (`checkStrength.test.ts`). Estimating only a 64-character prefix
 * can only under-rate a password, never over-rate it.
 */
const ESTIMATE_MAX_LENGTH = 64;
const L33T_MAX_SUBSTITUTIONS = 4;

let factory: ZxcvbnFactory | undefined;

// Ranking the dictionary words is costly, so it happens on the first check, once.
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...enDictionary },
    graphs: adjacencyGraphs,
    translations,
    maxLength: ESTIMATE_MAX_LENGTH,
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  });
  return factory;
}

export function estimateStrength(password: string, userInputs: readonly string[]): ZxcvbnResult {
  return zxcvbn().check(password, [...userInputs]);
}

/** The English feedback phrases zxcvbn uses, so our own breach message comes from the same fixed list. */
export const zxcvbnPhrases = translations;
