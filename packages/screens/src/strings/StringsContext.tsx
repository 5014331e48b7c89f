import { createContext, useContext } from 'react';
import { createTranslator, type Translate } from './translate';

const englishOnly = createTranslator().t;

export const StringsContext = createContext<Translate>(englishOnly);

/** The `t` of the mounted widget: English plus the host's overrides. */
export function useT(): Translate {
  return useContext(StringsContext);
}
