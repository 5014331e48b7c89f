import { beforeAll, describe, expect, it } from 'vitest';
import { wcagContrast } from '../test/wcagContrast';
import { loadNamedColors } from './namedColors';
import { pickStyle, resolveTheme } from './themeVars';
import { isColor, isFontStack, isImageUrl, isLength } from './valueForms';

// The frame loads the named-colour table before it applies styles that may name a colour.
beforeAll(() => loadNamedColors());

describe('theme value forms', () => {
  it.each([
    '#19303D',
    '#fff',
    '#ffffff80',
    'rgb(1, 2, 3)',
    'rgba(1,2,3,0.5)',
    'rgb(1 2 3 / 50%)',
    'hsl(200 50% 40%)',
    'RebeccaPurple',
    'transparent',
  ])('accepts the colour %s', (value) => expect(isColor(value)).toBe(true));

  it.each([
    'url(https://evil.example/x.png)',
    'red; background: url(x)',
    '#fff}',
    'expression(alert(1))',
    'var(--x)',
    'notacolor',
    'rgb(1,2,3) url(x)',
    'calc(1px + 2px)',
    '/* */red',
  ])('refuses the colour %s', (value) => expect(isColor(value)).toBe(false));

  it('accepts lengths in px, rem, em and %, and nothing else', () => {
    for (const v of ['0', '400px', '1.5rem', '2em', '100%', '.5rem']) expect(isLength(v)).toBe(true);
    for (const v of ['400', '10vh', '1px;', 'calc(100% - 1px)', '-', 'px']) expect(isLength(v)).toBe(false);
  });

  it('accepts font stacks of names and quoted names', () => {
    expect(isFontStack('Arial, Helvetica, sans-serif')).toBe(true);
    expect(isFontStack('"Open Sans", system-ui')).toBe(true);
    expect(isFontStack("'IBM Plex Sans',serif")).toBe(true);
    expect(isFontStack('Arial; color: red')).toBe(false);
    expect(isFontStack('"x", url(font.woff)')).toBe(false);
    expect(isFontStack('"unterminated')).toBe(false);
    expect(isFontStack('a{}')).toBe(false);
  });

  it('accepts https and image data URLs for the logo', () => {
    expect(isImageUrl('https://cdn.example/logo.png')).toBe(true);
    expect(isImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isImageUrl('javascript:alert(1)')).toBe(false);
    expect(isImageUrl('http://evil.example/logo.png')).toBe(false);
  });
});

describe('resolveTheme', () => {
  it('gives the documented defaults for an empty style', () => {
    const { vars, rejected, hideHeaderText, logoUrl } = resolveTheme({});
    expect(vars).toMatchObject({
      '--latch-primary': '#19303D',
      '--latch-secondary': '#5C727D',
      '--latch-success': '#0C5A56',
      '--latch-warning': '#FFD94A',
      '--latch-error': '#8B1214',
      '--latch-accent': '#ECFAFF',
      '--latch-font-family': 'Arial, Helvetica, sans-serif',
      '--latch-header-font-size': '24px',
      '--latch-body-font-size': '16px',
      '--latch-helper-font-size': '14px',
      '--latch-container-background': '#FFFFFF',
      '--latch-container-border': '#ADBCC5',
      '--latch-container-radius': '8px',
      '--latch-container-width': '400px',
      '--latch-input-radius': '4px',
      '--latch-button-disabled-background': '#F3F5F6',
      '--latch-button-disabled-text': '#8296A1',
      '--latch-input-text': '#19303D',
    });
    expect(rejected).toEqual([]);
    expect(hideHeaderText).toBe(false);
    expect(logoUrl).toBeNull();
  });

  it('uses accepted values and keeps the default for refused ones', () => {
    const { vars, rejected } = resolveTheme({
      colors: { primary: 'rebeccapurple', error: 'red;}body{display:none' },
      container: { width: '320px' },
      typography: { fontFamily: '"Inter", sans-serif' },
      logo: { logoImageUrl: 'javascript:alert(1)' },
    });
    expect(vars['--latch-primary']).toBe('rebeccapurple');
    expect(vars['--latch-input-text']).toBe('rebeccapurple');
    expect(vars['--latch-error']).toBe('#8B1214');
    expect(vars['--latch-container-width']).toBe('320px');
    expect(vars['--latch-font-family']).toBe('"Inter", sans-serif');
    expect(rejected).toEqual([
      'colors.error: red;}body{display:none',
      'logo.logoImageUrl: javascript:alert(1)',
    ]);
  });

  it('gives a dark half that omits button colours buttons made of its own colours', () => {
    const dark = {
      colors: { primary: '#E6EDF0', secondary: '#A9B8BF' },
      container: { backgroundColor: '#14202A', borderColor: '#3C5260' },
    };
    const { vars } = resolveTheme(dark, 'dark');
    const button = (kind: string, part: string) => vars[`--latch-button-${kind}-${part}`] ?? '';
    expect([button('primary', 'background'), button('primary', 'text')]).toEqual(['#E6EDF0', '#14202A']);
    expect([button('secondary', 'background'), button('secondary', 'text')]).toEqual(['#14202A', '#E6EDF0']);
    expect(button('disabled', 'background')).toBe('#14202A');
    for (const kind of ['primary', 'secondary']) {
      expect(wcagContrast(button(kind, 'text'), button(kind, 'background'))).toBeGreaterThanOrEqual(4.5);
    }
    // A single style, or the light half, keeps the designed disabled button.
    expect(resolveTheme(dark).vars['--latch-button-disabled-background']).toBe('#F3F5F6');
  });

  it('makes the buttons of colors.primary when the host sets only that', () => {
    const { vars } = resolveTheme({ colors: { primary: '#6A1B9A' } });
    expect(vars).toMatchObject({
      '--latch-button-primary-background': '#6A1B9A',
      '--latch-button-primary-border': '#6A1B9A',
      '--latch-button-primary-text': '#FFFFFF',
      '--latch-button-secondary-background': '#FFFFFF',
      '--latch-button-secondary-text': '#6A1B9A',
      '--latch-button-secondary-border': '#6A1B9A',
    });
    // The spinner's and progress bar's track: a light tint of it, not the default light blue.
    expect(vars['--latch-accent']).toBe('#EDE4F3');
    expect(resolveTheme({}).vars['--latch-accent']).toBe('#ECFAFF');
    // A light primary gets dark text on its buttons, at 4.5:1.
    const light = resolveTheme({ colors: { primary: '#7FD4FF' }, container: { backgroundColor: '#10202A' } });
    const text = light.vars['--latch-button-primary-text'] ?? '';
    expect(wcagContrast(text, '#7FD4FF')).toBeGreaterThanOrEqual(4.5);
    expect(light.vars['--latch-button-secondary-background']).toBe('#10202A');
  });

  it('picks the light or dark half of a pair', () => {
    const pair: [object, object] = [{ hideHeaderText: false }, { hideHeaderText: true }];
    expect(pickStyle(pair, 'light')).toBe(pair[0]);
    expect(pickStyle(pair, 'dark')).toBe(pair[1]);
    expect(pickStyle({ hideHeaderText: true }, 'dark')).toEqual({ hideHeaderText: true });
  });
});
