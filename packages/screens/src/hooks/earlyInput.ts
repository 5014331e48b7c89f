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
  /** On a group of buttons that adopts early presses (e.g. 'Continue with Google'). */
  pressGroup: 'data-latch-early-press',
  /** Set by the script on the group's button last pressed before React owned it; pressed again once live. */
  pendingPress: 'data-latch-pending-press',
} as const;

/**
 * Run from the frame document's `<head>`, before the server-rendered form can be reached: a submit
 * of a form that React does not own yet is held back (no navigation) and marked, to be replayed;
 * so is a press of a button in a group React does not own yet (the last one pressed wins).
 */
export const EARLY_SUBMIT_SCRIPT =
  `addEventListener('submit',function(e){var f=e.target;` +
  `if(f instanceof HTMLFormElement&&f.hasAttribute('${EARLY_INPUT.form}')&&!f.hasAttribute('${EARLY_INPUT.live}'))` +
  `{e.preventDefault();f.setAttribute('${EARLY_INPUT.pendingSubmit}','')}},true);` +
  `addEventListener('click',function(e){var b=e.target instanceof Element&&e.target.closest('button'),` +
  `g=b&&b.closest('[${EARLY_INPUT.pressGroup}]');if(!g||g.hasAttribute('${EARLY_INPUT.live}'))return;` +
  `e.preventDefault();g.querySelectorAll('[${EARLY_INPUT.pendingPress}]').forEach(function(p){p.removeAttribute('${EARLY_INPUT.pendingPress}')});` +
  `b.setAttribute('${EARLY_INPUT.pendingPress}','')},true)`;
