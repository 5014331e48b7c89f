import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyFrameStyle } from './frameElement';

/** A `prefers-color-scheme: dark` query the test can flip, as a visitor's OS setting would. */
function fakeDarkQuery(initiallyDark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: initiallyDark,
    addEventListener: (_type: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (query: string) => {
    expect(query).toBe('(prefers-color-scheme: dark)');
    return media;
  });
  return {
    listeners,
    flip(dark: boolean) {
      media.matches = dark;
      listeners.forEach((listener) => listener());
    },
  };
}

const maxWidth = (iframe: HTMLIFrameElement) => iframe.style.getPropertyValue('max-width');

describe('applyFrameStyle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sizes the iframe to the theme container, 400px by default, light scheme', () => {
    const iframe = document.createElement('iframe');
    applyFrameStyle(iframe, {});
    expect(maxWidth(iframe)).toBe('400px');
    expect(iframe.style.getPropertyValue('color-scheme')).toBe('light');
    applyFrameStyle(iframe, { container: { width: '480px' } });
    expect(maxWidth(iframe)).toBe('480px');
  });

  it("follows the visitor's colour scheme when the dark half has its own width", () => {
    const scheme = fakeDarkQuery(true);
    const iframe = document.createElement('iframe');
    const stop = applyFrameStyle(iframe, [
      { container: { width: '360px' } },
      { container: { width: '520px' } },
    ]);
    expect(iframe.style.getPropertyValue('color-scheme')).toBe('light dark');
    expect(maxWidth(iframe)).toBe('520px');
    scheme.flip(false);
    expect(maxWidth(iframe)).toBe('360px');
    stop();
    expect(scheme.listeners.size).toBe(0);
    scheme.flip(true);
    expect(maxWidth(iframe)).toBe('360px');
  });

  it('gives a dark half without a width the default, like the frame does', () => {
    fakeDarkQuery(true);
    const iframe = document.createElement('iframe');
    applyFrameStyle(iframe, [{ container: { width: '360px' } }, {}]);
    expect(maxWidth(iframe)).toBe('400px');
  });

  it('drops a width the CSSOM refuses instead of writing it into the style', () => {
    const iframe = document.createElement('iframe');
    applyFrameStyle(iframe, { container: { width: '10px; background: red' } });
    expect(iframe.style.getPropertyValue('background')).toBe('');
  });
});
