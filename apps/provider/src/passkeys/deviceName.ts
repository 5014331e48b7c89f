/** Browsers by the token their user agent carries, most specific first (Edge and Opera say Chrome too). */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdgA?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(?:Headless)?Chrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const find = (table: readonly [RegExp, string][], userAgent: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

/**
 * Where a passkey was made, from the registering browser's user agent ('Chrome on Mac',
 * 'Safari on iPhone', 'Firefox' on a system it does not name), so a list of them tells the visitor
 * which is which; null when the user agent names no browser we know.
 */
export function deviceName(userAgent: string): string | null {
  const browser = find(BROWSERS, userAgent);
  if (!browser) return null;
  const system = find(SYSTEMS, userAgent);
  return system ? `${browser} on ${system}` : browser;
}
