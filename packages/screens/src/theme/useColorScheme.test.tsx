import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useColorScheme } from './useColorScheme';

function fakeMedia(initial: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: initial,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  const change = (matches: boolean) => {
    media.matches = matches;
    for (const l of listeners) l();
  };
  return { media, listeners, change };
}

describe('useColorScheme', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows prefers-color-scheme for a pair, sets color-scheme, and cleans up its listener', () => {
    const fake = fakeMedia(true);
    vi.stubGlobal('matchMedia', (query: string) =>
      query === '(prefers-color-scheme: dark)' ? fake.media : null,
    );
    const { result, unmount } = renderHook(() => useColorScheme(true));
    expect(result.current).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    act(() => fake.change(false));
    expect(result.current).toBe('light');
    expect(document.documentElement.style.colorScheme).toBe('light');
    unmount();
    expect(fake.listeners.size).toBe(0);
  });

  it('stays light for a single style object', () => {
    const fake = fakeMedia(true);
    vi.stubGlobal('matchMedia', () => fake.media);
    const { result } = renderHook(() => useColorScheme(false));
    expect(result.current).toBe('light');
    expect(fake.listeners.size).toBe(0);
  });
});
