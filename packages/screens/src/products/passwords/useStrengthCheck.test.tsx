import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServicesContext } from '../../services/ServicesContext';
import { createTestServices } from '../../test/renderWidget';
import { ok, stubProvider, type StubReply } from '../../test/stubProvider';
import { loadZxcvbn } from './loadZxcvbn';
import { strengthFor } from './passwordTestKit';
import { STRENGTH_CHECK_DEBOUNCE_MS, useStrengthCheck } from './useStrengthCheck';

type Reply = (reply: StubReply) => void;

function setup(route: (body: unknown) => StubReply | Promise<StubReply>) {
  const provider = stubProvider({ 'POST /passwords/strength_check': route });
  const signals: AbortSignal[] = [];
  const { services } = createTestServices((input, init) => {
    if (init?.signal) signals.push(init.signal);
    return provider.fetch(input, init);
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
  return { ...hook, calls: provider.calls, signals };
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
    const { rerender, result, calls } = setup((body) =>
      ok(strengthFor((body as { password: string }).password)),
    );
    const word = 'correct-Horse-battery-staple-91';
    for (let i = 1; i <= word.length; i++) await type(rerender, word.slice(0, i));
    expect(calls).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(STRENGTH_CHECK_DEBOUNCE_MS - 51));
    expect(calls).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(1));
    expect(calls).toEqual([
      { route: 'POST /passwords/strength_check', body: { password: word, email: 'ada@example.com' } },
    ]);
    await vi.waitFor(() => expect(result.current.current?.valid_password).toBe(true));
  });

  it('aborts the request in flight when typing resumes and drops its late answer', async () => {
    const pending = new Map<string, Reply>();
    const { rerender, result, signals } = setup(
      (body) =>
        new Promise<StubReply>((resolve) => pending.set((body as { password: string }).password, resolve)),
    );
    await type(rerender, 'first-password-typed');
    await act(async () => vi.advanceTimersByTime(STRENGTH_CHECK_DEBOUNCE_MS));
    await type(rerender, 'second-password-typed');
    expect(signals[0]?.aborted).toBe(true);
    await act(async () => vi.advanceTimersByTime(STRENGTH_CHECK_DEBOUNCE_MS));
    expect(signals[1]?.aborted).toBe(false);

    pending.get('second-password-typed')?.(ok(strengthFor('second-password-typed')));
    await vi.waitFor(() => expect(result.current.current?.valid_password).toBe(true));
    pending.get('first-password-typed')?.(
      ok(strengthFor('first-password-typed', { valid_password: false, score: 0 })),
    );
    await act(async () => vi.advanceTimersByTime(10));
    expect(result.current.latest?.valid_password).toBe(true);
    expect(result.current.score).toBe(4);
  });

  it('moves the meter on each keystroke under zxcvbn, but only the provider enables Continue', async () => {
    const { rerender, result } = setup((body) => ok(strengthFor((body as { password: string }).password)));
    await type(rerender, 'hunter2');
    await act(async () => vi.advanceTimersByTime(STRENGTH_CHECK_DEBOUNCE_MS));
    await vi.waitFor(() => expect(result.current.latest?.strength_policy).toBe('zxcvbn'));
    expect(result.current.score).toBe(1);

    await type(rerender, 'correct-Horse-battery-staple-91');
    expect(result.current.score).toBe(4); // the in-browser estimate, before any new server answer
    expect(result.current.current).toBeNull();
    await type(rerender, 'password');
    expect(result.current.score).toBe(0);
  });
});
