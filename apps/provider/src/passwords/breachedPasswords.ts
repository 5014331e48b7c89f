import { dictionary } from '@zxcvbn-ts/language-common';

/*
 * The breach list is `passwords-common` from @zxcvbn-ts/language-common (MIT, (c) Dan Wheeler, Dropbox
 * and @zxcvbn-ts): the ~49k passwords seen more than 10 times in Mark Burnett's public "10 million
 * passwords" breach corpus (xato.net, 2015), lowercased and ranked by frequency. It ships inside the
 * package, so no network is needed at runtime.
 */
let breached: ReadonlySet<string> | undefined;

// Built on first use, not at import, so modules that never check a password pay nothing.
function breachedSet(): ReadonlySet<string> {
  breached ??= new Set(dictionary['passwords-common']);
  return breached;
}

/** Exact match, or a match once lowercased (the list itself is lowercase, so 'Password1' is caught). */
export function isBreached(password: string): boolean {
  const set = breachedSet();
  return set.has(password) || set.has(password.toLowerCase());
}

/** Number of entries in the bundled list, for diagnostics and tests. */
export function breachedPasswordCount(): number {
  return breachedSet().size;
}
