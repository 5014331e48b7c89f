/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { MAX_TOASTS, showToastAtom, TOAST_DURATIONS, type ToastKind } from './toastAtoms';

const toasts = () => [...document.querySelectorAll<HTMLElement>('.Toastify__toast')];
const bar = (toast: HTMLElement) => toast.querySelector<HTMLElement>('.Toastify__progress-bar');

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lin = (v = 0) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('toasts', () => {
  beforeAll(() => import('./ToastOutlet'), 20_000);
  afterEach(() => vi.useRealTimers());

  it('keeps the durations of SPEC.md section 9 and at most 20 toasts', () => {
    expect(TOAST_DURATIONS).toEqual({
      blank: 4000,
      error: 4000,
      custom: 4000,
      success: 2000,
      loading: false,
    });
    expect(MAX_TOASTS).toBe(20);
  });

  it('loads nothing until the first toast, then shows each kind at the top centre', async () => {
    const { store } = renderWidget();
    expect(document.querySelector('.Toastify')).toBeNull();
    const show = (kind: ToastKind) => act(() => store.set(showToastAtom, { kind, message: `${kind} text` }));
    (['success', 'error', 'blank', 'custom', 'loading'] as const).forEach(show);
    await waitFor(() => expect(toasts()).toHaveLength(5));
    expect(document.querySelector('.Toastify__toast-container--top-center')).toBeTruthy();
    const byText = (text: string) => toasts().find((t) => t.textContent?.includes(text)) as HTMLElement;
    expect(byText('success text').className).toContain('Toastify__toast--success');
    expect(byText('error text').className).toContain('Toastify__toast--error');
    // The auto-close timer is the (hidden) progress bar's animation.
    expect(bar(byText('success text'))?.style.animationDuration).toBe('2000ms');
    for (const kind of ['error', 'blank', 'custom']) {
      expect(bar(byText(`${kind} text`))?.style.animationDuration).toBe('4000ms');
    }
    // A loading toast has no timer: its bar carries no animation.
    expect(bar(byText('loading text'))?.style.animationDuration).not.toMatch(/^\d+ms$/);
    expect(byText('error text').getAttribute('role')).toBe('alert');
  });

  it('closes a toast when its time is up, keeps a loading toast, and queues past 20', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { store } = renderWidget();
    act(() => {
      store.set(showToastAtom, { kind: 'loading', message: 'loading text' });
      for (let i = 0; i < 24; i += 1) store.set(showToastAtom, { kind: 'success', message: `toast ${i}` });
    });
    await waitFor(() => expect(toasts()).toHaveLength(MAX_TOASTS));
    const first = toasts().find((t) => t.textContent?.includes('toast 0')) as HTMLElement;
    // The progress bar's animation ends after 2000 ms in a browser; happy-dom has no animations.
    const animationEnd = (el: Element | null | undefined) =>
      act(() => {
        for (const type of ['animationend', 'webkitAnimationEnd'])
          el?.dispatchEvent(new Event(type, { bubbles: true }));
      });
    await act(async () => vi.advanceTimersByTime(2000));
    animationEnd(bar(first)); // time is up: the exit animation starts
    animationEnd(first); // the exit animation ends: the toast collapses
    await act(async () => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(toasts().some((t) => t.textContent?.includes('toast 0'))).toBe(false));
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(toasts().some((t) => t.textContent?.includes('loading text'))).toBe(true);
    expect(toasts().length).toBeLessThanOrEqual(MAX_TOASTS);
  });

  it('colours success green and error red with white text at 4.5:1 or more', () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const css = readFileSync(join(here, '../styles/widget.css'), 'utf8');
    const color = (name: string) =>
      new RegExp(`--toastify-color-${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1];
    const success = color('success') ?? '';
    const error = color('error') ?? '';
    const [sr, sg] = [parseInt(success.slice(1, 3), 16), parseInt(success.slice(3, 5), 16)];
    const [er, eg] = [parseInt(error.slice(1, 3), 16), parseInt(error.slice(3, 5), 16)];
    expect(sg).toBeGreaterThan(sr); // green
    expect(er).toBeGreaterThan(eg); // red
    expect(contrastWithWhite(success)).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite(error)).toBeGreaterThanOrEqual(4.5);
  });
});
