import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs } from '@zxcvbn-ts/language-common';
import { unpackDictionary } from './zxcvbnTrim';
import words from './zxcvbnWords.json';

/*
 * The provider's limits (apps/provider/src/passwords/zxcvbnEstimator.ts), so both sides score a
 * long or pathological password alike and a keystroke never costs seconds.
 */
export const ESTIMATE_MAX_LENGTH = 64;
export const L33T_MAX_SUBSTITUTIONS = 4;

/**
 * zxcvbn with the trimmed common and English dictionaries of zxcvbnWords.json, for the meter while
 * typing; the provider's answer (full dictionaries) replaces it once typing pauses. Only
 * `loadZxcvbn` imports this module, dynamically, so it stays its own chunk.
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary: unpackDictionary(words),
  graphs: adjacencyGraphs,
  maxLength: ESTIMATE_MAX_LENGTH,
  l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
});

/** The 0-4 score of a password; `userInputs` (the email) count as guessable words. */
export function estimateScore(password: string, userInputs: readonly string[] = []): number {
  return zxcvbn.check(password, [...userInputs]).score;
}
