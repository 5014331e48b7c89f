/*
 * CSS named colours, loaded on demand: the table (namedColorTable.ts) is a chunk of its own, not in
 * the frame's first JavaScript, as most hosts give hex or rgb() values. The frame loads it before it
 * applies styles that hold a word (`stylesMayNameColors`): before the first render or hydration
 * for the styles of its URL, before applying a host's `ready()` answer or `update()`; the server
 * renderer loads it before rendering. A render that still meets a word before the table is in
 * suspends until it is (NamedColorsPending), so a name is never taken for an invalid value.
 */

/** The two colour keywords that are not in the table. */
const KEYWORDS: ReadonlySet<string> = new Set(['transparent', 'currentcolor']);
/** Only a value of letters alone can be a colour name. */
const WORD = /^[a-z]+$/i;

let table: ReadonlyMap<string, string> | null = null;
let loading: Promise<void> | null = null;

/** Fetches the table once per page; a failure is retried by the next call. */
export function loadNamedColors(): Promise<void> {
  return (loading ??= import('./namedColorTable').then(
    ({ NAMED_COLOR_VALUES }) => {
      table = NAMED_COLOR_VALUES;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}

/**
 * Thrown when a name is looked up before the table has arrived. It is a thenable, so React suspends
 * the render that asked until the table is there; anywhere else it is an ordinary error saying why.
 */
export class NamedColorsPending extends Error {
  readonly #arrival: Promise<unknown>;
  constructor() {
    super('A CSS colour name was looked up before the named-colour table had loaded.');
    this.name = 'NamedColorsPending';
    this.#arrival = loadNamedColors().catch(() => undefined);
  }
  then(onSettled: () => void, onRejected?: (reason: unknown) => void): void {
    void this.#arrival.then(onSettled, onRejected);
  }
}

/** The sRGB hex (6 digits, no `#`) of a named colour, lower-case name; null for any other value. */
export function namedColorValue(name: string): string | null {
  if (!WORD.test(name) || KEYWORDS.has(name.toLowerCase())) return null;
  if (!table) throw new NamedColorsPending();
  return table.get(name.toLowerCase()) ?? null;
}

/** Whether `name` is a colour name a host may use: the named colours and two keywords. */
export function isNamedColor(name: string): boolean {
  return KEYWORDS.has(name.toLowerCase()) || namedColorValue(name) !== null;
}

/** Whether `styles` (a host's styles object or pair, any shape) holds a value that may name a colour. */
export function stylesMayNameColors(styles: unknown): boolean {
  if (typeof styles === 'string')
    return WORD.test(styles.trim()) && !KEYWORDS.has(styles.trim().toLowerCase());
  if (typeof styles !== 'object' || styles === null) return false;
  return Object.values(styles).some(stylesMayNameColors);
}
