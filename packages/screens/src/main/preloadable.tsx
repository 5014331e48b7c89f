import { lazy, useState, type ComponentType } from 'react';

/** No props: Main's blocks. A form with props names them (`preloadable<PhoneFormProps>`). */
type NoProps = Record<never, never>;

export interface Preloadable<P extends object = NoProps> {
  Component: ComponentType<P>;
  /** Starts fetching the chunk now; resolves once the component can render without suspending. */
  preload(): Promise<ComponentType<P>>;
  /** Never suspends: its code is in the first screen's chunk (`eager`). */
  eager?: true;
}

/**
 * A component of the first screen's own chunk as a `Preloadable`: it renders at once and never
 * suspends, so it needs no Suspense boundary, and hydration makes it live in React's first pass
 * (a server-drawn boundary is hydrated only in a later pass, at React's lowest priority).
 */
export const eager = <P extends object = NoProps>(Component: ComponentType<P>): Preloadable<P> => ({
  Component,
  preload: () => Promise.resolve(Component),
  eager: true,
});

/**
 * `React.lazy` with a head start. A block whose chunk has already arrived renders at once instead
 * of suspending, which would cost an extra render plus React's fallback throttling before it shows.
 * Each mounted instance keeps the type it started with, so a late arrival never remounts a form
 * the visitor is typing in.
 */
export function preloadable(factory: () => Promise<{ default: ComponentType }>): Preloadable;
export function preloadable<P extends object>(
  factory: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P>;
export function preloadable<P extends object>(
  factory: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (pending ??= factory().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        pending = null; // a failed fetch may be retried by the next render
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: P) {
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return { Component, preload };
}
