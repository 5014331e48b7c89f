import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';

/**
 * zxcvbn with the common and English dictionaries. Large: only `loadZxcvbn` imports this module,
 * dynamically, so it becomes its own chunk.
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...commonDictionary, ...englishDictionary },
  graphs: adjacencyGraphs,
});

/** The 0-4 score of a password; `userInputs` (the email) count as guessable words. */
export function estimateScore(password: string, userInputs: readonly string[] = []): number {
  return zxcvbn.check(password, [...userInputs]).score;
}
