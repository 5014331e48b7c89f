/**
 * Markers shared by the server-rendered forms and the frame document's pre-hydration script
 * (`EARLY_SUBMIT_SCRIPT`): the page can be typed into and submitted before React has hydrated it.
 */
export const EARLY_INPUT = {
  /** On every form that adopts early input: the script holds back its submit until it is live. */
  form: 'data-latch-early-form',
  /** Set once React owns the form; from then on its own `onSubmit` handles submits. */
  live: 'data-latch-live',
  /** Set by the script on a submit it held back; the hydrated form submits again. */
  pendingSubmit: 'data-latch-pending-submit',
} as const;

/**
 * Run from the frame document's `<head>`, before the server-rendered form can be reached: a submit
 * of a form that React does not own yet is held back (no navigation) and marked, to be replayed.
 */
export const EARLY_SUBMIT_SCRIPT =
  `addEventListener('submit',function(e){var f=e.target;` +
  `if(f instanceof HTMLFormElement&&f.hasAttribute('${EARLY_INPUT.form}')&&!f.hasAttribute('${EARLY_INPUT.live}'))` +
  `{e.preventDefault();f.setAttribute('${EARLY_INPUT.pendingSubmit}','')}},true)`;
