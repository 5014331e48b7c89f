import type { StringId } from '@latch/protocol';
import { en } from '@latch/protocol/catalogue';
import type { Translate } from '../../strings/translate';

const PREFIX = 'password.zxcvbn.';

/**
 * The provider sends zxcvbn feedback as English phrases (@zxcvbn-ts/language-en); each phrase is
 * the English text of one catalogue id, so host overrides can translate it.
 */
const PHRASE_IDS: ReadonlyMap<string, StringId> = new Map(
  (Object.keys(en) as StringId[]).filter((id) => id.startsWith(PREFIX)).map((id) => [en[id], id]),
);

/** The catalogue id of a zxcvbn phrase, if it is one of the fixed list. */
export function zxcvbnPhraseId(phrase: string): StringId | undefined {
  return PHRASE_IDS.get(phrase.trim());
}

/** A phrase in the visitor's language; an unknown phrase is shown as the provider sent it. */
export function translatePhrase(phrase: string, t: Translate): string {
  const id = zxcvbnPhraseId(phrase);
  return id ? t(id) : phrase;
}
