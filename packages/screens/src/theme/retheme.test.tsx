import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StyleConfig } from '@latch/protocol';
import { applyMountStateAtom, mountStateAtom } from '../state/widgetAtoms';
import { renderWidget } from '../test/renderWidget';
import { loadNamedColors } from './namedColors';

const rootVar = (name: string) =>
  document.querySelector<HTMLElement>('.latch-root')?.style.getPropertyValue(name) ?? '';

const LIGHT: StyleConfig = { colors: { primary: '#19303D' }, container: { backgroundColor: '#FFFFFF' } };
const DARK: StyleConfig = {
  colors: { primary: '#E6EDF1' },
  container: { backgroundColor: '#10202A', borderColor: '#3A4F5B' },
  inputs: { textColor: '#E6EDF1' },
};

function preferDark(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: dark,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  vi.stubGlobal('matchMedia', () => media);
  return (next: boolean) => {
    media.matches = next;
    listeners.forEach((l) => l());
  };
}

// The frame loads the named-colour table before it applies styles that may name a colour.
beforeAll(() => loadNamedColors());

describe('theme on a mounted widget', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.style.colorScheme = '';
  });

  it('re-themes from new mount options without a remount: same field, same text typed', async () => {
    const { store, host } = renderWidget({ styles: { colors: { primary: '#123456' } } });
    const field = (await screen.findByLabelText('Email')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'ada@example.com' } });
    expect(rootVar('--latch-primary')).toBe('#123456');

    act(() =>
      store.set(applyMountStateAtom, {
        ...store.get(mountStateAtom),
        styles: {
          colors: { primary: 'rebeccapurple' },
          container: { width: '320px' },
          buttons: { primary: { borderRadius: '12px', backgroundColor: 'url(x)' } },
        },
      }),
    );
    expect(rootVar('--latch-primary')).toBe('rebeccapurple');
    expect(rootVar('--latch-input-text')).toBe('rebeccapurple');
    expect(rootVar('--latch-container-width')).toBe('320px');
    expect(rootVar('--latch-button-primary-radius')).toBe('12px');
    // The refused value's default: the button follows colors.primary.
    expect(rootVar('--latch-button-primary-background')).toBe('rebeccapurple');
    expect(screen.getByLabelText('Email')).toBe(field);
    expect(field.value).toBe('ada@example.com');
    expect(host.reportError).toHaveBeenCalledWith({
      message: 'Ignored style value buttons.primary.backgroundColor: url(x)',
    });
  });

  it('a single style object is light, whatever the visitor prefers', () => {
    preferDark(true);
    renderWidget({ styles: DARK });
    expect(document.documentElement.style.colorScheme).toBe('light');
    expect(rootVar('--latch-container-background')).toBe('#10202A');
  });

  it('a [light, dark] pair uses the dark palette and color-scheme while the visitor prefers dark', () => {
    const change = preferDark(true);
    renderWidget({ styles: [LIGHT, DARK] });
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(rootVar('--latch-container-background')).toBe('#10202A');
    expect(rootVar('--latch-container-border')).toBe('#3A4F5B');
    expect(rootVar('--latch-input-text')).toBe('#E6EDF1');

    act(() => change(false));
    expect(document.documentElement.style.colorScheme).toBe('light');
    expect(rootVar('--latch-container-background')).toBe('#FFFFFF');
    expect(rootVar('--latch-primary')).toBe('#19303D');
  });
});
