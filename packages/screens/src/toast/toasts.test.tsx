/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { wcagContrast } from '../test/wcagContrast';
import { MAX_TOASTS, showToastAtom, TOAST_DURATIONS, type ToastKind } from './toastAtoms';

const toasts = () => [...document.querySelectorAll<HTMLElement>('.Toastify__toast')];
const byText = (text: string) => toasts().find((t) => t.textContent?.includes(text)) as HTMLElement;
/** react-toastify swaps in its exit animation class when a toast is dismissed. */
const isLeaving = (toast: HTMLElement) => /-exit/.test(toast.className);
const animationEnd = (el: Element) =>
  act(() => {
    for (const type of ['animationend', 'webkitAnimationEnd'])
      el.dispatchEvent(new Event(type, { bubbles: true }));
  });

const contrastWithWhite = (hex: string) => wcagContrast(hex, '#FFFFFF');

describe('toasts', () => {
  beforeAll(() => import('./ToastOutlet'), 20_000);
  afterEach(() => vi.useRealTimers());

  it('keeps the toast durations and at most 20 toasts', () => {
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
    expect(byText('success text').className).toContain('Toastify__toast--success');
    expect(byText('error text').className).toContain('Toastify__toast--error');
    expect(byText('error text').getAttribute('role')).toBe('alert');
  });

  it('starts leaving after 2000 ms for success, 4000 ms for the rest, never for loading', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { store } = renderWidget();
    act(() => {
      for (const kind of ['success', 'error', 'blank', 'custom', 'loading'] as const)
        store.set(showToastAtom, { kind, message: `${kind} text` });
    });
    await waitFor(() => expect(toasts()).toHaveLength(5));
    const leaving = () =>
      toasts()
        .filter(isLeaving)
        .map((el) => el.textContent);

    await act(async () => vi.advanceTimersByTime(1900));
    expect(leaving()).toEqual([]);
    await act(async () => vi.advanceTimersByTime(150));
    expect(leaving()).toEqual(['success text']);
    await act(async () => vi.advanceTimersByTime(1850));
    expect(leaving()).toEqual(['success text']);
    await act(async () => vi.advanceTimersByTime(150));
    expect(leaving().sort()).toEqual(['blank text', 'custom text', 'error text', 'success text']);
    await act(async () => vi.advanceTimersByTime(600_000));
    expect(isLeaving(byText('loading text'))).toBe(false);
  });

  it('holds every toast while the pointer is over them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { store } = renderWidget();
    act(() => store.set(showToastAtom, { kind: 'success', message: 'hover me' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    await act(async () => vi.advanceTimersByTime(1500));
    const layer = document.querySelector('.latch-toasts') as HTMLElement;
    act(() => void layer.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(isLeaving(byText('hover me'))).toBe(false);
    act(() => void layer.dispatchEvent(new MouseEvent('mouseout', { bubbles: true })));
    await act(async () => vi.advanceTimersByTime(400));
    expect(isLeaving(byText('hover me'))).toBe(false);
    await act(async () => vi.advanceTimersByTime(200));
    expect(isLeaving(byText('hover me'))).toBe(true);
  });

  it('keeps 20 toasts, queues the rest, and gives a queued toast its full time once shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { store } = renderWidget();
    act(() => {
      for (let i = 0; i < 24; i += 1) store.set(showToastAtom, { kind: 'error', message: `toast ${i}` });
    });
    await waitFor(() => expect(toasts()).toHaveLength(MAX_TOASTS));
    expect(toasts().some((t) => t.textContent === 'toast 20')).toBe(false);
    // Time is up for the first 20: each exit animation ends (happy-dom runs no CSS animations).
    await act(async () => vi.advanceTimersByTime(4000));
    for (const el of toasts().filter(isLeaving)) animationEnd(el);
    // The collapse takes 300 ms; then the queue moves up and the queued toasts start their time.
    await act(async () => vi.advanceTimersByTime(400));
    await waitFor(() => expect(toasts().map((t) => t.textContent)).toContain('toast 23'));
    const queued = () => toasts().filter((t) => /^toast 2[0-3]$/.test(t.textContent ?? ''));
    expect(queued()).toHaveLength(4);
    await act(async () => vi.advanceTimersByTime(3500));
    expect(queued().filter(isLeaving)).toEqual([]);
    await act(async () => vi.advanceTimersByTime(600));
    expect(queued().filter(isLeaving)).toHaveLength(4);
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
