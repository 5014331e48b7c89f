/* Type tests for the channel contract, checked by `tsc --noEmit` (never executed). */
import { expectTypeOf } from 'vitest';
import type { FrameMethods, HostMethods } from './methods';
import type { MountState } from './mount';

// Every method takes exactly one request object and returns a promise.
type OneRequestOnePromise<M> = {
  [K in keyof M]: M[K] extends (request: infer R) => Promise<unknown>
    ? R extends object
      ? M[K]
      : never
    : never;
};
expectTypeOf<HostMethods>().toEqualTypeOf<OneRequestOnePromise<HostMethods>>();
expectTypeOf<FrameMethods>().toEqualTypeOf<OneRequestOnePromise<FrameMethods>>();

expectTypeOf<ReturnType<HostMethods['ready']>>().toEqualTypeOf<Promise<MountState>>();
expectTypeOf<Parameters<HostMethods['resize']>>().toEqualTypeOf<[request: { height: number }]>();

declare const host: HostMethods;
// @ts-expect-error events are a closed set of names
void host.emitEvent({ type: 'SOMETHING_ELSE', data: {} });
// @ts-expect-error a request object is required
void host.resize();
// @ts-expect-error navigate reasons are a closed set
void host.navigate({ url: 'https://example.com', reason: 'anything' });
