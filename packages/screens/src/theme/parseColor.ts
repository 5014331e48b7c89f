import { namedColorValue } from './namedColors';

/** sRGB channels 0–255 and alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const clamp = (n: number, max: number) => Math.min(max, Math.max(0, n));

function fromHex(hex: string): Rgba {
  const digits = hex.length <= 4 ? [...hex].map((d) => d + d).join('') : hex;
  const byte = (i: number) => parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return { r: byte(0), g: byte(1), b: byte(2), a: digits.length === 8 ? byte(3) / 255 : 1 };
}

function channel(arg: string): number {
  return arg.endsWith('%') ? (parseFloat(arg) * 255) / 100 : parseFloat(arg);
}

function alpha(arg: string | undefined): number {
  if (arg === undefined) return 1;
  return clamp(arg.endsWith('%') ? parseFloat(arg) / 100 : parseFloat(arg), 1);
}

function hueDegrees(arg: string): number {
  const n = parseFloat(arg);
  if (arg.endsWith('turn')) return n * 360;
  if (arg.endsWith('grad')) return n * 0.9;
  if (arg.endsWith('rad')) return (n * 180) / Math.PI;
  return n;
}

function fromHsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/**
 * The sRGB value of a colour the theme accepts (hex, rgb(), hsl() or a name), or null for
 * `currentcolor`, whose value depends on where it is used.
 */
export function parseColor(value: string): Rgba | null {
  const v = value.trim().toLowerCase();
  if (v.startsWith('#')) return fromHex(v.slice(1));
  if (v === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const named = namedColorValue(v);
  if (named) return fromHex(named);
  const fn = /^(rgba?|hsla?)\((.*)\)$/.exec(v);
  if (!fn?.[1] || fn[2] === undefined) return null;
  const [x = '0', y = '0', z = '0', a] = fn[2].split(/[\s,/]+/).filter(Boolean);
  if (fn[1].startsWith('rgb')) {
    return { r: clamp(channel(x), 255), g: clamp(channel(y), 255), b: clamp(channel(z), 255), a: alpha(a) };
  }
  const [r, g, b] = fromHsl(
    ((hueDegrees(x) % 360) + 360) % 360,
    clamp(parseFloat(y) / 100, 1),
    clamp(parseFloat(z) / 100, 1),
  );
  return { r, g, b, a: alpha(a) };
}
