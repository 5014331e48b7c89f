import type { Page } from '@playwright/test';

/**
 * Pixels of two same-sized PNG screenshots whose colour differs by more than `tolerance` in any
 * channel, decoded by the browser itself (`page` may be any page, e.g. about:blank). A small
 * tolerance absorbs anti-aliasing that changes when the compositor redraws, not visible changes.
 */
export async function differingPixels(page: Page, a: Buffer, b: Buffer, tolerance = 8): Promise<number> {
  const urls = [a, b].map((png) => `data:image/png;base64,${png.toString('base64')}`);
  return page.evaluate(
    async ([first, second, limit]) => {
      const decode = async (src: string) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height);
      };
      const [x, y] = await Promise.all([decode(first), decode(second)]);
      if (x.width !== y.width || x.height !== y.height) return Number.POSITIVE_INFINITY;
      let count = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        const channels = [0, 1, 2, 3].map((c) => Math.abs((x.data[i + c] ?? 0) - (y.data[i + c] ?? 0)));
        if (Math.max(...channels) > limit) count++;
      }
      return count;
    },
    [urls[0] ?? '', urls[1] ?? '', tolerance] as const,
  );
}
