import { lazy, useState, type ComponentType } from 'react';

export interface Preloadable {
  Component: ComponentType;
  /** Starts fetching the chunk now; resolves once the component can render without suspending. */
  preload(): Promise<ComponentType>;
}

/**
 * `React.lazy` with a head start. A block whose chunk has already arrived renders at once instead
 * of suspending, which would cost an extra render plus React's fallback throttling before it shows.
 * Each mounted instance keeps the type it started with, so a late arrival never remounts a form
 * the visitor is typing in.
 */
export function preloadable(factory: () => Promise<{ default: ComponentType }>): Preloadable {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  const preload = () =>
    (pending ??= factory().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        pending = null; // a failed fetch may be retried by the next render
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component() {
    const [Chosen] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Chosen />;
  }
  return { Component, preload };
}
