import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIframeSlot } from './iframeSlot';

const params = {
  kind: 'login' as const,
  authOrigin: 'http://localhost:4000',
  publicToken: 'public-token-test-1',
  config: { products: ['emailMagicLinks' as const] },
  styles: { container: { width: '480px' } },
};

describe('createIframeSlot', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('puts the themed iframe into the element', () => {
    const element = document.createElement('div');
    const slot = createIframeSlot(element, params);
    expect(element.firstElementChild).toBe(slot.iframe);
    expect(slot.iframe.style.maxWidth).toBe('480px');
    expect(new URL(slot.iframe.src).pathname).toBe('/frame/login');
  });

  it('takes the frame content height, rounded up, writing it only when it changes', () => {
    const slot = createIframeSlot(document.createElement('div'), params);
    slot.resize(300.2);
    expect(slot.iframe.style.height).toBe('301px');
    slot.iframe.style.height = '5px'; // a marker: an unchanged height must not be written again
    slot.resize(300.9);
    expect(slot.iframe.style.height).toBe('5px');
  });

  it('hides the iframe despite its inline display, and shows it again', () => {
    const slot = createIframeSlot(document.createElement('div'), params);
    slot.setVisible(false);
    expect(slot.iframe.hidden).toBe(true);
    expect(slot.iframe.style.display).toBe('none');
    slot.setVisible(true);
    expect(slot.iframe.hidden).toBe(false);
    expect(slot.iframe.style.display).toBe('block');
  });

  it('follows the latest styles only, and nothing after release', () => {
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', () => ({
      matches: false,
      addEventListener: (_type: 'change', listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: 'change', listener: () => void) => listeners.delete(listener),
    }));
    const pair = [{ container: { width: '300px' } }, { container: { width: '500px' } }] as const;
    const slot = createIframeSlot(document.createElement('div'), { ...params, styles: [...pair] });
    expect(listeners.size).toBe(1);
    slot.restyle({ container: { width: '420px' } });
    expect(listeners.size).toBe(0);
    expect(slot.iframe.style.maxWidth).toBe('420px');
    slot.restyle([...pair]);
    expect(listeners.size).toBe(1);
    slot.release();
    expect(listeners.size).toBe(0);
  });
});
