import { isNamedColor } from './namedColors';

/**
 * The value forms a host may use in `styles`. Each test is anchored and allows no `(`
 * except the colour functions below, so `url()`, `expression()`, `;`, `{}` and comments
 * can never reach the style sheet.
 */
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUM = String.raw`[+-]?(?:\d+(?:\.\d+)?|\.\d+)`;
const ARG = String.raw`${NUM}(?:%|deg|turn|rad|grad)?`;
const COLOR_FN = new RegExp(
  String.raw`^(?:rgb|rgba|hsl|hsla)\(\s*${ARG}(?:\s*[,\s]\s*${ARG}){2}(?:\s*[,/]\s*${ARG})?\s*\)$`,
  'i',
);
const LENGTH = new RegExp(String.raw`^(?:0|${NUM}(?:px|rem|em|%))$`);
const FAMILY_NAME = /^(?:[a-z][a-z0-9-]*(?: [a-z0-9-]+)*|"[a-z0-9 -]+"|'[a-z0-9 -]+')$/i;

export type ValueForm = 'color' | 'length' | 'fontStack';

export function isColor(value: string): boolean {
  const v = value.trim();
  return HEX.test(v) || COLOR_FN.test(v) || isNamedColor(v);
}

export function isLength(value: string): boolean {
  return LENGTH.test(value.trim());
}

export function isFontStack(value: string): boolean {
  const families = value.split(',').map((f) => f.trim());
  return families.length <= 10 && families.every((f) => FAMILY_NAME.test(f));
}

export const VALUE_FORMS: Record<ValueForm, (value: string) => boolean> = {
  color: isColor,
  length: isLength,
  fontStack: isFontStack,
};

/** Logo images: https, or an inline raster/SVG data URL (the frame CSP allows `img-src data: https:`). */
export function isImageUrl(value: string): boolean {
  if (/^data:image\/(?:png|jpeg|gif|webp|svg\+xml);base64,[a-z0-9+/=]+$/i.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
  } catch {
    return false;
  }
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}
