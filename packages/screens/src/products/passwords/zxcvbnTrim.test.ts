import { dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import { describe, expect, it } from 'vitest';
import { BROWSER_MAX_RANK, trimDictionary, unpackDictionary } from './zxcvbnTrim';

const full: Record<string, string[]> = { ...commonDictionary, ...englishDictionary };
const RANKED = [
  'diceware-common',
  'passwords-common',
  'commonWords-en',
  'firstnames-en',
  'lastnames-en',
  'wikipedia-en',
];
const ranked = Object.fromEntries(RANKED.map((name) => [name, full[name] ?? []]));
const whole = Object.fromEntries(Object.entries(full).filter(([name]) => !RANKED.includes(name)));
const packed = trimDictionary(ranked, whole, BROWSER_MAX_RANK);

describe('the browser zxcvbn dictionary', () => {
  // After a zxcvbn-ts update or a new BROWSER_MAX_RANK, `npx vitest run <this file> --update` rewrites the JSON.
  it('is zxcvbnWords.json, generated from the installed zxcvbn-ts lists', async () => {
    await expect(`${JSON.stringify(packed, null, 2)}\n`).toMatchFileSnapshot('./zxcvbnWords.json');
  });

  it('keeps the first words of each ranked list at their ranks, each word once', () => {
    const lists = unpackDictionary(packed);
    const seen = new Set<string>();
    for (const name of RANKED) {
      const kept = lists[name] ?? [];
      expect(kept.length).toBeLessThanOrEqual(BROWSER_MAX_RANK);
      kept.forEach((word, index) => {
        if (!word) return;
        expect(full[name]?.[index]).toBe(word);
        expect(seen.has(word)).toBe(false);
        seen.add(word);
      });
    }
    // Every word within the rank limit is still known, at its best rank across the lists.
    for (const word of ['password', 'iloveyou', 'smith', 'jennifer', 'the', 'abacus'])
      expect(seen).toContain(word);
  });

  it('keeps the word-sequence lists whole; they are small', () => {
    const lists = unpackDictionary(packed);
    for (const [name, words] of Object.entries(whole)) {
      expect(words.length).toBeLessThanOrEqual(30);
      expect(lists[name]).toEqual(words);
    }
  });

  it('refuses a word that contains the separator', () => {
    expect(() => trimDictionary({ a: ['x~y'] }, {}, 10)).toThrow(/separator/);
  });
});
