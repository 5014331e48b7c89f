import { beforeAll, describe, expect, it } from 'vitest';
import { wcagContrast } from '../test/wcagContrast';
import { parseColor } from './parseColor';
import { resolveTheme } from './themeVars';
import { loadNamedColors } from './namedColors';

const hex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** Opaque container colours across the whole sRGB cube, 4,913 of them. */
const BACKGROUNDS = [...Array(17 ** 3).keys()].map((i) =>
  hex((i % 17) * 15, (Math.floor(i / 17) % 17) * 15, Math.floor(i / 289) * 15),
);
/** Light: dark text stands out more on it than white text does. */
const isLight = (bg: string) => wcagContrast(bg, '#000000') >= wcagContrast(bg, '#FFFFFF');

/** The default text colours that fall short of 4.5:1 on the container, with their ratio. */
function shortfalls(backgrounds: string[], scheme: 'light' | 'dark') {
  const short: string[] = [];
  for (const backgroundColor of backgrounds) {
    const { vars } = resolveTheme({ container: { backgroundColor } }, scheme);
    for (const text of ['--latch-primary', '--latch-secondary', '--latch-input-placeholder'] as const) {
      const ratio = wcagContrast(vars[text] ?? '', backgroundColor);
      if (!(ratio >= 4.5)) short.push(`${text} ${vars[text]} on ${backgroundColor}: ${ratio.toFixed(2)}`);
    }
  }
  return short;
}

// The frame loads the named-colour table before it applies styles that may name a colour.
beforeAll(() => loadNamedColors());

describe('default text contrast on the container', () => {
  it('keeps secondary text, placeholder and primary text at 4.5:1 on every light container colour', () => {
    const light = BACKGROUNDS.filter(isLight);
    expect(light).toContain('#f0f0f0');
    expect(shortfalls(light, 'light')).toEqual([]);
  });

  it('keeps them at 4.5:1 on every dark container colour, in a single style or a dark half', () => {
    const dark = BACKGROUNDS.filter((bg) => !isLight(bg));
    expect(shortfalls(dark, 'light')).toEqual([]);
    expect(shortfalls(dark, 'dark')).toEqual([]);
  });

  it('keeps the designed defaults where they already read well, and never touches host colours', () => {
    expect(resolveTheme({}).vars['--latch-secondary']).toBe('#5C727D');
    expect(resolveTheme({ container: { backgroundColor: '#F7F9FA' } }).vars['--latch-secondary']).toBe(
      '#5C727D',
    );
    const chosen = resolveTheme({
      colors: { secondary: '#999999' },
      container: { backgroundColor: '#EEEEEE' },
    });
    expect(chosen.vars['--latch-secondary']).toBe('#999999');
  });

  it('judges named, rgb() and hsl() containers, and leaves text on a see-through one alone', () => {
    for (const backgroundColor of [
      'gainsboro',
      'rgb(238 238 238)',
      'hsl(0, 0%, 93%)',
      'rgb(93.3%, 93.3%, 93.3%)',
    ]) {
      const secondary = resolveTheme({ container: { backgroundColor } }).vars['--latch-secondary'] ?? '';
      expect(wcagContrast(secondary, '#EEEEEE')).toBeGreaterThanOrEqual(4.5);
    }
    expect(resolveTheme({ container: { backgroundColor: 'transparent' } }).vars['--latch-secondary']).toBe(
      '#5C727D',
    );
    expect(parseColor('#0008')).toEqual({ r: 0, g: 0, b: 0, a: 0x88 / 255 });
    expect(parseColor('currentcolor')).toBeNull();
  });
});
