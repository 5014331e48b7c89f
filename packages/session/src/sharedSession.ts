import { createSessionManager, type SessionManager, type SessionManagerOptions } from './sessionManager';

const REGISTRY = Symbol.for('latch.sessionManagers');
type Registry = Map<string, SessionManager>;
type Holder = { [REGISTRY]?: Registry };

/**
 * One manager per public token in a tab, shared even between two copies of the loader (IIFE and
 * ESM), so two clients never run two refreshers or fight over the cookies.
 */
export function getSessionManager(options: SessionManagerOptions): SessionManager {
  const holder = globalThis as typeof globalThis & Holder;
  const registry = (holder[REGISTRY] ??= new Map());
  let manager = registry.get(options.publicToken);
  if (!manager) {
    manager = createSessionManager(options);
    registry.set(options.publicToken, manager);
  }
  return manager;
}
