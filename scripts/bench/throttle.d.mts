import type { BrowserContext, Page } from '@playwright/test';

export interface RendererThrottle {
  /** Types of the child targets throttled so far (e.g. `iframe`). */
  throttledChildren(): string[];
  /** Child targets that could not be throttled or released. */
  errors(): string[];
}

export function throttleAllRenderers(
  context: BrowserContext,
  page: Page,
  rate: number,
): Promise<RendererThrottle>;
