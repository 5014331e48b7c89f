import { isPlainObject } from '@latch/api';
import { FRAME_STATE_ELEMENT_ID, type FrameInitialState } from '@latch/protocol';

/**
 * The mount's initial state the provider embedded in the document, or null when there is none (a
 * document the provider did not serve, e.g. Vite's dev server) or it is not of that shape. The
 * provider parsed and validated it with the shared parser (`parseFrameSearch`) from this very
 * frame's URL and rendered the first screen from it, so it is taken as it is: the frame hydrates
 * without loading the parser. Only its outline is checked, so a stale or foreign element is refused.
 */
export function readInitialState(doc: Document): FrameInitialState | null {
  const text = doc.getElementById(FRAME_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlainObject(value)) return null;
  const { config, styles } = value;
  const stylesShaped = isPlainObject(styles) || (Array.isArray(styles) && styles.length === 2);
  if (!isPlainObject(config) || !Array.isArray(config['products']) || !stylesShaped) return null;
  return value as unknown as FrameInitialState;
}

/**
 * The initial state from the frame URL, with the shared parser fetched on demand: for a document
 * without embedded state only, so the parser and its schemas stay out of the first JavaScript.
 */
export async function initialStateFromUrl(search: string): Promise<FrameInitialState> {
  const { parseFrameSearch } = await import('./parseFrameSearch');
  const { config, styles } = parseFrameSearch(search);
  return { config, styles };
}
