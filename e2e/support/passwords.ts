/** A password no breach list holds and zxcvbn scores 4, different per test. */
export function strongPassword(): string {
  return `Orbit-${Math.random().toString(36).slice(2, 8)}-Pebble-Lantern-${Date.now() % 10_000}`;
}

/** Parses `rgb(r, g, b)` / `rgba(...)` as computed styles give colours. */
export function rgb(colour: string): { r: number; g: number; b: number } {
  const [r = NaN, g = NaN, b = NaN] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return { r, g, b };
}
