import { firstScreenStrings } from './firstScreen';
import { otherScreenStrings } from './otherScreens';

export { PROVIDER_ERROR_IDS } from './providerErrors';

/**
 * Every user-facing string of the widget, by id, with its English text: the one catalogue.
 * Hosts override any of them by id through `strings`; `{name}` placeholders are filled as text.
 * It is written in two parts only so that the frame can load the login screen's strings first
 * (`firstScreen.ts`) and the rest after (`otherScreens.ts`).
 */
export const en = { ...firstScreenStrings, ...otherScreenStrings } as const;

type Never<T extends never> = T;
/** Fails to compile when an id is written in both parts (the spread would silently keep one). */
export type IdsInBothParts = Never<keyof typeof firstScreenStrings & keyof typeof otherScreenStrings>;
