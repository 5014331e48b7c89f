import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as realLib from './phoneLib';
import { createTypingFormatter, parsePhoneForSubmit, rawFallback, type PhoneLib } from './parsePhone';

const ready = () => Promise.resolve<PhoneLib>(realLib);
const never = () => new Promise<PhoneLib>(() => undefined);

describe('phone parsing', () => {
  it('gives E.164 for a valid national number in the chosen country', async () => {
    await expect(parsePhoneForSubmit('(201) 555-0123', 'US', '1', ready)).resolves.toEqual({
      ok: true,
      e164: '+12015550123',
      fallback: false,
    });
    await expect(parsePhoneForSubmit('020 7946 0958', 'GB', '44', ready)).resolves.toMatchObject({
      e164: '+442079460958',
    });
  });

  it('refuses a number that parses as invalid', async () => {
    await expect(parsePhoneForSubmit('12', 'US', '1', ready)).resolves.toEqual({ ok: false });
  });

  it('formats national numbers as typed', () => {
    expect(realLib.formatNational('2015550', 'US')).toBe('(201) 555-0');
  });

  it('builds the raw fallback from the dial code and the digits', () => {
    expect(rawFallback('(201) 555-0123', '1')).toBe('+12015550123');
  });

  describe('with fake timers', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('falls back to the raw number when parsing takes longer than 2 s on submit', async () => {
      const result = parsePhoneForSubmit('201 555 0123', 'US', '1', never);
      await vi.advanceTimersByTimeAsync(1999);
      let settled = false;
      void result.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toEqual({ ok: true, e164: '+12015550123', fallback: true });
    });

    it('also falls back when the parser chunk fails to load', async () => {
      const result = parsePhoneForSubmit('2015550123', 'US', '1', () => Promise.reject(new Error('offline')));
      await expect(result).resolves.toEqual({ ok: true, e164: '+12015550123', fallback: true });
    });

    it('drops a typing result after 10 s', async () => {
      const format = createTypingFormatter(never);
      const result = format('201', 'US');
      await vi.advanceTimersByTimeAsync(10_000);
      await expect(result).resolves.toBeNull();
    });
  });

  it('drops a stale typing result when newer input arrived', async () => {
    let release: (lib: PhoneLib) => void = () => undefined;
    const slow = new Promise<PhoneLib>((resolve) => (release = resolve));
    const loads = [slow, Promise.resolve<PhoneLib>(realLib)];
    const format = createTypingFormatter(() => loads.shift() ?? ready());
    const first = format('201', 'US');
    const second = format('2015550', 'US');
    await expect(second).resolves.toBe('(201) 555-0');
    release(realLib);
    await expect(first).resolves.toBeNull();
  });
});
