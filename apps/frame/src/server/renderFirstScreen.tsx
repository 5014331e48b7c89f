import { prerender } from 'react-dom/static';
import type { FrameBoot } from '@latch/api';
import { MOUNT_KINDS, type FrameInitialState, type MountKind } from '@latch/protocol';
import { loadCatalogue, loadNamedColors, Widget } from '@latch/screens';
import { createFrameStore } from '../boot/createFrameStore';
import { inertServices } from './inertServices';

/** What the provider knows when it serves `/frame/{kind}?…`. */
export interface FirstScreenRequest {
  kind: string;
  /**
   * The frame URL's options, parsed by the provider with the shared parser (`parseFrameSearch`); the
   * document carries the same value to the frame, which hydrates from it.
   */
  state: FrameInitialState;
  boot: FrameBoot;
}

/** The mounts rendered on the server; the others are drawn by the frame's script. */
const SERVER_RENDERED: readonly MountKind[] = ['login'];

/** A render that has not finished by then (a chunk that never loads) is given up. */
export const RENDER_TIMEOUT_MS = 2000;

const isMountKind = (kind: string): kind is MountKind => (MOUNT_KINDS as readonly string[]).includes(kind);

/**
 * The first screen of a frame as HTML for `#root`, from the same components, store and strings the
 * frame hydrates with (`hydrateRoot`). Lazy blocks are waited for, so the form is in the HTML.
 * Null when this mount is not rendered on the server or when anything goes wrong: the provider then
 * serves the client-rendered document.
 */
export async function renderFirstScreen({ kind, state, boot }: FirstScreenRequest): Promise<string | null> {
  if (!isMountKind(kind) || !SERVER_RENDERED.includes(kind)) return null;
  // The whole catalogue, so no string of the first render waits on it (the frame loads the rest
  // later), and the named-colour table, which the frame loads before hydrating styles that need it.
  await Promise.all([loadCatalogue(), loadNamedColors()]);
  const store = createFrameStore(kind, state, boot.bootstrap);
  const services = inertServices(boot.publicToken, boot.apiBaseUrl);
  let failed = false;
  const { prelude } = await prerender(<Widget store={store} services={services} />, {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    // An error inside a Suspense boundary would otherwise leave its fallback (a spinner) in the HTML.
    onError: () => {
      failed = true;
    },
  });
  const html = await new Response(prelude).text();
  return failed ? null : html;
}

/** Sent with the document (nonce'd) when it carries a server-rendered form. */
export { EARLY_SUBMIT_SCRIPT } from '@latch/screens';
