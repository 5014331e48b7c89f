/** Parsing gives up after 2 s on submit and 10 s while typing. */
export const SUBMIT_TIMEOUT_MS = 2000;
export const TYPING_TIMEOUT_MS = 10_000;

export interface PhoneLib {
  formatNational(input: string, country: string): string;
  toE164(input: string, country: string): string | null;
}

export type LoadPhoneLib = () => Promise<PhoneLib>;

export type PhoneParseResult = { ok: true; e164: string; fallback: boolean } | { ok: false };

const TIMED_OUT = Symbol('timed out');

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The number as typed, with the country's dial code in front. */
export function rawFallback(input: string, dialCode: string): string {
  return `+${dialCode}${input.replace(/\D/g, '')}`;
}

/**
 * E.164 for submit. If the parser is not ready in time, the raw number with the dial code is
 * used and the provider has the last word; a parsed but invalid number is refused.
 */
export async function parsePhoneForSubmit(
  input: string,
  country: string,
  dialCode: string,
  load: LoadPhoneLib,
  timeoutMs = SUBMIT_TIMEOUT_MS,
): Promise<PhoneParseResult> {
  const result = await withTimeout(
    load().then((lib) => lib.toE164(input, country)),
    timeoutMs,
  ).catch((): typeof TIMED_OUT => TIMED_OUT);
  if (result === TIMED_OUT) return { ok: true, e164: rawFallback(input, dialCode), fallback: true };
  return result ? { ok: true, e164: result, fallback: false } : { ok: false };
}

/**
 * National formatting while typing. Only the latest request may answer: a result for input that
 * has changed since, or one that took longer than the time-out, is dropped (resolves to null).
 */
export function createTypingFormatter(load: LoadPhoneLib, timeoutMs = TYPING_TIMEOUT_MS) {
  let latest = 0;
  return async (input: string, country: string): Promise<string | null> => {
    const id = ++latest;
    const result = await withTimeout(
      load().then((lib) => lib.formatNational(input, country)),
      timeoutMs,
    ).catch((): typeof TIMED_OUT => TIMED_OUT);
    if (id !== latest || result === TIMED_OUT) return null;
    return result;
  };
}
