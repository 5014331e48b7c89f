import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServicesContext } from '../../services/ServicesContext';
import { createTestServices } from '../../test/renderWidget';
import { providerServer } from '../../test/providerServer';
import { testNetwork } from '../../test/testNetwork';
import { loadZxcvbn } from './loadZxcvbn';
import { STRONG_PASSWORD } from '../../test/passwords/passwordTestKit';
import { STRENGTH_CHECK_DEBOUNCE_MS, useStrengthCheck } from './useStrengthCheck';
import { waitForProvider } from '../../test/waitForProvider';

const provider = providerServer();
const checks = async () =>
  (await provider.sent()).filter((c) => c.route === 'POST /passwords/strength_check');

function setup() {
  const signals: AbortSignal[] = [];
  // Records each request's signal but sends it without one, so an aborted request still gets its
  // answer late: the hook itself must drop it.
  const { services } = createTestServices((input, init) => {
    if (init?.signal) signals.push(init.signal);
    const { signal: _signal, ...rest } = init ?? {};
    return testNetwork().fetch(input, rest);
  });
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
    </Provider>
  );
  const hook = renderHook(({ password }) => useStrengthCheck(password, 'ada@example.com'), {
    wrapper,
    initialProps: { password: '' },
  });
  return { ...hook, signals };
}

const type = async (rerender: (props: { password: string }) => void, password: string) => {
  rerender({ password });
  await act(async () => vi.advanceTimersByTime(50));
};

describe('strength check', () => {
  beforeEach(async () => {
    await loadZxcvbn(); // warm the lazy chunk so the hook's copy resolves at once
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  it('asks the provider once for a burst of keystrokes, with the last password', async () => {
    const { rerender, result } = setup();
    const word = STRONG_PASSWORD;
    for (let i = 1; i <= word.length; i++) await type(rerender, word.slice(0, i));
    expect(await checks()).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(STRENGTH_CHECK_DEBOUNCE_MS - 51));
    expect(await checks()).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(1));
    await waitForProvider(() => expect(result.current.current?.valid_password).toBe(true));
    expect(await checks()).toEqual([
      { route: 'POST /passwords/strength_check', body: { password: word, email: 'ada@example.com' } },
    ]);
  });

  it('aborts the request in flight when typing resumes and drops its late answer', async () => {
    // Each answer waits until the test lets it through, in the order it chooses.
    const pending = new Map<string, () => void>();
    provider.override('POST /passwords/strength_check', async ({ request, passThrough }) => {
      const { password } = (await request.clone().json()) as { password: string };
      await new Promise<void>((resolve) => pending.set(password, resolve));
      return passThrough();
    });
    const { rerender, result, signals } = setup();
    // The provider finds the first weak (score 1) and the second strong.
    await type(rerender, 'Ada1985');
    await act(async () => vi.advanceTimersByTime(STRENGTH_CHECK_DEBOUNCE_MS));
    await waitForProvider(() => expect(pending.has('Ada1985')).toBe(true));
    await type(rerender, STRONG_PASSWORD);
    expect(signals[0]?.aborted).toBe(true);
    await act(async () => vi.advanceTimersByTime(STRENGTH_CHECK_DEBOUNCE_MS));
    expect(signals[1]?.aborted).toBe(false);

    await waitForProvider(() => expect(pending.has(STRONG_PASSWORD)).toBe(true));
    pending.get(STRONG_PASSWORD)?.();
    await waitForProvider(() => expect(result.current.current?.valid_password).toBe(true));
    pending.get('Ada1985')?.();
    await waitForProvider(async () => expect(await checks()).toHaveLength(2));
    await act(async () => vi.advanceTimersByTime(10));
    expect(result.current.latest?.valid_password).toBe(true);
    expect(result.current.score).toBe(4);
  });

  it('moves the meter on each keystroke under zxcvbn, but only the provider enables Continue', async () => {
    const { rerender, result } = setup();
    await type(rerender, 'hunter2');
    await act(async () => vi.advanceTimersByTime(STRENGTH_CHECK_DEBOUNCE_MS));
    await waitForProvider(() => expect(result.current.latest?.strength_policy).toBe('zxcvbn'));
    expect(result.current.score).toBe(1);

    await type(rerender, STRONG_PASSWORD);
    expect(result.current.score).toBe(4); // the in-browser estimate, before any new server answer
    expect(result.current.current).toBeNull();
    await type(rerender, 'password');
    expect(result.current.score).toBe(0);
  });
});
