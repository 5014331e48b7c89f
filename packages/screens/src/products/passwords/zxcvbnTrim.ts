/** Ranks past this are left out of the browser's dictionaries: ~85 KB gzip instead of ~800 KB. */
export const BROWSER_MAX_RANK = 5000;

/** Joins a list's words in the generated JSON; no word of the zxcvbn-ts lists contains it. */
export const WORD_SEPARATOR = '~';

/** Each list as one string: its words in rank order, an empty slot where a word was left out. */
export type PackedLists = Record<string, string>;

/**
 * The in-browser dictionaries, for the meter's score only (the provider's check stays on the full
 * lists). zxcvbn guesses a dictionary word at its rank, and removing entries can only raise a
 * score, so: `ranked` lists keep their first `maxRank` words, each word only in the list that ranks
 * it best (an empty slot keeps the ranks after it); `whole` lists (word sequences) are kept as is.
 */
export function trimDictionary(
  ranked: Readonly<Record<string, readonly string[]>>,
  whole: Readonly<Record<string, readonly string[]>>,
  maxRank: number,
): PackedLists {
  const best = new Map<string, { list: string; rank: number }>();
  for (const [list, words] of Object.entries(ranked))
    words.slice(0, maxRank).forEach((word, index) => {
      const known = best.get(word);
      if (!known || index + 1 < known.rank) best.set(word, { list, rank: index + 1 });
    });
  const packed: PackedLists = {};
  for (const [list, words] of Object.entries(ranked)) {
    const slots = words.slice(0, maxRank).map((word) => (best.get(word)?.list === list ? word : ''));
    while (slots.at(-1) === '') slots.pop();
    packed[list] = pack(list, slots);
  }
  for (const [list, words] of Object.entries(whole)) packed[list] = pack(list, words);
  return packed;
}

function pack(list: string, words: readonly string[]): string {
  if (words.some((word) => word.includes(WORD_SEPARATOR)))
    throw new Error(`A word of ${list} contains the separator ${WORD_SEPARATOR}`);
  return words.join(WORD_SEPARATOR);
}

/** The lists as zxcvbn takes them; an empty slot matches nothing (zxcvbn never looks up ''). */
export function unpackDictionary(packed: Readonly<PackedLists>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(packed).map(([list, text]) => [list, text.split(WORD_SEPARATOR)]));
}
