import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_BOOTSTRAP } from '@latch/api';
import type { MountState } from '@latch/protocol';
import { configAtom, createWidgetStore, DEFAULT_MOUNT_STATE, sessionTokensAtom } from '@latch/screens';
import { createFrameMethods } from './frameMethods';

function setup() {
  const store = createWidgetStore({ mount: DEFAULT_MOUNT_STATE, bootstrap: DEFAULT_BOOTSTRAP });
  const resync = vi.fn();
  const focusFirstField = vi.fn();
  return { store, resync, focusFirstField, methods: createFrameMethods({ store, resync, focusFirstField }) };
}

describe('frame methods', () => {
  it('applies a valid update and asks the host again', async () => {
    const { store, resync, methods } = setup();
    await methods.update({
      ...DEFAULT_MOUNT_STATE,
      config: { products: ['otp'], otpOptions: { methods: ['sms'] } },
    });
    expect(store.get(configAtom).products).toEqual(['otp']);
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('refuses a malformed update with an error that carries no stack', async () => {
    const { store, resync, methods } = setup();
    const bad = { ...DEFAULT_MOUNT_STATE, config: { products: ['nope'] } } as unknown;
    const error: unknown = await methods.update(bad as MountState).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/Invalid update request/);
    expect((error as Error).stack).toBeUndefined();
    expect(store.get(configAtom).products).toEqual([]);
    expect(resync).not.toHaveBeenCalled();
  });

  it('validates focus and session changes', async () => {
    const { store, focusFirstField, methods } = setup();
    await methods.focus({});
    expect(focusFirstField).toHaveBeenCalled();
    await expect(methods.focus({ extra: 1 } as never)).rejects.toThrow(/focus request/);
    await methods.sessionChanged({ session: { session_token: 't', session_jwt: 'j' } });
    expect(store.get(sessionTokensAtom)).toEqual({ session_token: 't', session_jwt: 'j' });
    await expect(methods.sessionChanged({ session: { session_token: 5 } } as never)).rejects.toThrow();
  });
});
