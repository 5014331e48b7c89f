import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import { describe, expect, it } from 'vitest';
import { ESTIMATE_MAX_LENGTH, estimateScore, L33T_MAX_SUBSTITUTIONS } from './zxcvbnEstimator';

// What the provider runs: the full lists, the same limits.
const provider = new ZxcvbnFactory({
  dictionary: { ...commonDictionary, ...englishDictionary },
  graphs: adjacencyGraphs,
  maxLength: ESTIMATE_MAX_LENGTH,
  l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
});
const providerScore = (password: string, inputs: string[] = []) => provider.check(password, inputs).score;

// Common shapes of real passwords: frequent words, names, years, suffixes, keyboard walks, passphrases.
const ORDINARY = [
  'password',
  'Password1!',
  'iloveyou',
  'sunshine1',
  'Summer2024!',
  'qwerty123',
  'letmein',
  'michael1985',
  'Jennifer7',
  'football22',
  'dragon!',
  'monkey123',
  'asdfghjkl',
  'Tr0ub4dor&3',
  'P@ssw0rd',
  'welcome2025',
  'charlie-brown',
  'blue-house-42',
  'Spring-river-7',
  'correct-Horse-battery-staple-91',
  'my dog is called rex',
  'zq8#Lm2!vR4p',
  'adalovelace1815',
];

describe('the trimmed browser dictionary against the provider', () => {
  it('gives ordinary passwords the score the provider gives them', () => {
    expect(ORDINARY.map((p) => [p, estimateScore(p)])).toEqual(ORDINARY.map((p) => [p, providerScore(p)]));
  });

  it('counts the email as guessable as the provider does', () => {
    const inputs = ['adalovelace1815@example.com', 'adalovelace1815'];
    expect(estimateScore('adalovelace1815', inputs)).toBe(providerScore('adalovelace1815', inputs));
  });

  it('can only rate a rare word higher, never lower, than the full lists (the provider corrects it)', () => {
    // 'feyenoord' is past rank 5000 in every list: the browser sees letters, the provider a word.
    expect(estimateScore('feyenoord')).toBeGreaterThan(providerScore('feyenoord'));
    for (const p of [...ORDINARY, 'marmalade', 'vangogh1', 'feyenoord'])
      expect(estimateScore(p)).toBeGreaterThanOrEqual(providerScore(p));
  });
});
