import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FrameBoot } from '@latch/api';
import type { FrameInitialState } from '@latch/protocol';
import { errorSummary } from '../http/errorSummary';
import type { Logger } from '../http/logger';

/** Where `npm run build` writes the frame's server renderer, relative to the frame's dist folder. */
export const RENDERER_FILE = 'server/renderFirstScreen.js';

export interface FirstScreenRequest {
  kind: string;
  /** The frame URL's options as the shared parser read them; the document carries the same value. */
  state: FrameInitialState;
  boot: FrameBoot;
}

/** The module the frame build emits (apps/frame/src/server/renderFirstScreen.tsx). */
export interface FirstScreenRenderer {
  renderFirstScreen(request: FirstScreenRequest): Promise<string | null>;
  /** Inline `<head>` script that holds back a submit until React owns the form. */
  EARLY_SUBMIT_SCRIPT: string;
}

const isRenderer = (value: unknown): value is FirstScreenRenderer =>
  typeof value === 'object' &&
  value !== null &&
  'renderFirstScreen' in value &&
  typeof value.renderFirstScreen === 'function' &&
  'EARLY_SUBMIT_SCRIPT' in value &&
  typeof value.EARLY_SUBMIT_SCRIPT === 'string';

const modules = new Map<string, Promise<FirstScreenRenderer | null>>();

/**
 * The frame build's renderer, imported once per file (a new build needs a provider restart); null
 * without one (an older build: the frame then draws its first screen itself) or when it does not load.
 */
export function loadRenderer(frameDir: string, logger: Logger): Promise<FirstScreenRenderer | null> {
  const file = join(frameDir, RENDERER_FILE);
  // Checked on every request until it exists: a provider started before `npm run build` picks it up.
  if (!existsSync(file)) return Promise.resolve(null);
  let module = modules.get(file);
  if (!module) {
    module = import(/* @vite-ignore */ pathToFileURL(file).href).then(
      (value: unknown) => {
        if (isRenderer(value)) return value;
        logger.error({ file }, 'frame renderer has an unexpected shape; frames render in the browser');
        return null;
      },
      (error: unknown) => {
        logger.error({ file, error: errorSummary(error) }, 'frame renderer failed to load');
        return null;
      },
    );
    modules.set(file, module);
  }
  return module;
}
