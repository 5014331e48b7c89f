import type { en } from './strings/catalogue';
import type { firstScreenStrings } from './strings/firstScreen';

// The catalogue itself (`en`) is `@latch/protocol/catalogue`, not exported here: the frame's first
// chunk imports this module and must carry only the first part of the strings.
export { firstScreenStrings } from './strings/firstScreen';

export type StringId = keyof typeof en;

/** Ids the login screen can show before the rest of the catalogue has loaded. */
export type FirstScreenStringId = keyof typeof firstScreenStrings;

/** The `strings` mount option: catalogue texts replaced by the host's own, by id. */
export type StringOverrides = Partial<Record<StringId, string>>;
