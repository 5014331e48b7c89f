import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { loadCatalogue } from '../strings/catalogueLoader';

// Setup for every file of the vitest `dom` project. The project shares one happy-dom window and one
// module cache per worker between files (`isolate: false`: importing React, the screens and the
// provider once per worker instead of once per file), so what one file leaves in the page would
// reach the next. Setup files run for each file, unlike a module's top level, which runs once.

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// The whole string catalogue, as the frame has it soon after its first render. It is module state
// that outlives a file: without this, a file reading a later string outside a render passed or
// failed by which file its worker had run before.
beforeAll(loadCatalogue);

// The page as a fresh one: no globals a file stubbed, no fake clock, nothing stored, an empty body.
afterAll(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  // A file may choose the node environment (`@vitest-environment node`): no page to put back.
  if (typeof document === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.body.replaceChildren();
});
