import { parseColor, type Rgba } from './parseColor';

/** WCAG 1.4.3: normal-size text needs 4.5:1 against its background. */
export const TEXT_CONTRAST = 4.5;

function luminance({ r, g, b }: Rgba): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

const toHex = ({ r, g, b }: Rgba) =>
  `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();

/** `from` moved the fraction `t` of the way to `to`, as opaque hex. */
const mixRgba = (from: Rgba, to: Rgba, t: number) =>
  toHex({
    r: from.r + (to.r - from.r) * t,
    g: from.g + (to.g - from.g) * t,
    b: from.b + (to.b - from.b) * t,
    a: 1,
  });

/** `color` laid at `amount` (0–1) over `background`; null unless both are opaque colours. */
export function tint(color: string, background: string, amount: number): string | null {
  const fg = parseColor(color);
  const bg = parseColor(background);
  return fg && bg && fg.a === 1 && bg.a === 1 ? mixRgba(bg, fg, amount) : null;
}

/**
 * `text` itself when it reaches 4.5:1 on `background`, else `text` moved step by step towards black
 * or white (whichever stands out more on the background) until it does. Text on a translucent or
 * unknown background is left as it is: what shows through is not known here.
 */
export function readableOn(text: string, background: string): string {
  const fg = parseColor(text);
  const bg = parseColor(background);
  if (!fg || !bg || bg.a < 1 || contrastRatio(fg, bg) >= TEXT_CONTRAST) return text;
  const black = { r: 0, g: 0, b: 0, a: 1 };
  const white = { r: 255, g: 255, b: 255, a: 1 };
  const target = contrastRatio(black, bg) >= contrastRatio(white, bg) ? black : white;
  for (let step = 1; step <= 20; step++) {
    const mixed = mixRgba(fg, target, step / 20);
    const parsed = parseColor(mixed);
    if (parsed && contrastRatio(parsed, bg) >= TEXT_CONTRAST) return mixed;
  }
  return toHex(target);
}
