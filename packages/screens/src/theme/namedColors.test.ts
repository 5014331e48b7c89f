import { describe, expect, it } from 'vitest';
import type * as NamedColors from './namedColors';
import { isNamedColor, loadNamedColors, namedColorValue, stylesMayNameColors } from './namedColors';
import { parseColor } from './parseColor';
import { isColor } from './valueForms';

describe('named colours, loaded on demand', () => {
  it('need no table for values that cannot be a name, nor for the two keywords', () => {
    expect(isColor('#fff')).toBe(true);
    expect(isColor('rgb(1, 2, 3)')).toBe(true);
    expect(isColor('red; x')).toBe(false);
    expect(isNamedColor('transparent')).toBe(true);
    expect(isNamedColor('currentColor')).toBe(true);
    expect(parseColor('currentcolor')).toBeNull();
    expect(parseColor('transparent')).toEqual({ r: 0, g: 0, b: 0, a: 0 });
  });

  it('suspend a lookup made before the table is in, then answer from it', async () => {
    // A fresh instance of the module (its own URL): other files of this worker may have loaded the table.
    const fresh = './namedColors?before-load';
    const named = (await import(/* @vite-ignore */ fresh)) as typeof NamedColors;
    let pending: unknown;
    try {
      named.namedColorValue('RebeccaPurple');
    } catch (error) {
      pending = error;
    }
    // A thenable: React suspends the render that asked and renders again once the table is there.
    expect(pending).toBeInstanceOf(named.NamedColorsPending);
    expect(named.isNamedColor('transparent')).toBe(true);
    await new Promise<void>((resolve) => (pending as NamedColors.NamedColorsPending).then(resolve));
    expect(named.namedColorValue('RebeccaPurple')).toBe('663399');
    expect(named.isNamedColor('notacolor')).toBe(false);
  });

  it('answer from the table once loaded', async () => {
    await loadNamedColors();
    expect(isColor('RebeccaPurple')).toBe(true);
    expect(namedColorValue('NAVY')).toBe('000080');
    expect(parseColor('Navy')).toEqual({ r: 0, g: 0, b: 128, a: 1 });
    expect(isColor('notacolor')).toBe(false);
  });

  it('are fetched for styles that hold a word, a pair’s half included, and not for others', () => {
    expect(stylesMayNameColors({})).toBe(false);
    expect(stylesMayNameColors({ colors: { primary: '#112233' }, container: { width: '400px' } })).toBe(
      false,
    );
    expect(stylesMayNameColors({ colors: { primary: 'transparent', accent: 'currentColor' } })).toBe(false);
    expect(stylesMayNameColors({ colors: { primary: ' navy ' } })).toBe(true);
    expect(stylesMayNameColors([{}, { buttons: { primary: { backgroundColor: 'black' } } }])).toBe(true);
    // A font name is a word too: fetched for nothing, never missed.
    expect(stylesMayNameColors({ fontFamily: 'Arial' })).toBe(true);
  });
});
