import { describe, expect, it, vi } from 'vitest';
import { EARLY_HEIGHT, EARLY_HEIGHT_STOP } from '@latch/protocol';
import { earlyHeightScript } from './earlyHeightScript';

const HOST = 'https://shop.example';
const OTHER = 'https://evil.example';

interface Page {
  /** The frame's ancestor origins as the browser gives them; null where it has none (Firefox). */
  ancestors?: string[] | null;
  /** The iframe is the top-level document. */
  top?: boolean;
  /** No drawn `#root`. */
  noRoot?: boolean;
  /** The browser has no `ResizeObserver`. */
  noResizeObserver?: boolean;
}

/** A stand-in `ResizeObserver` the test drives: `resized()` is a layout that changed `#root`'s size. */
class FakeResizeObserver {
  static last: FakeResizeObserver | undefined;
  observed: unknown[] = [];
  constructor(private readonly callback: () => void) {
    FakeResizeObserver.last = this;
  }
  observe(target: unknown) {
    this.observed.push(target);
    // Like the browser: an observation starts with one callback at the next layout.
    this.callback();
  }
  disconnect() {
    this.observed = [];
  }
  resized() {
    if (this.observed.length > 0) this.callback();
  }
}

/** Runs the script against a stand-in frame window; answers what it posted and its listener. */
function run(
  allowed: string[],
  { ancestors = [HOST], top = false, noRoot = false, noResizeObserver = false }: Page = {},
) {
  const posted: [unknown, string][] = [];
  const parent = { postMessage: (data: unknown, origin: string) => posted.push([data, origin]) };
  const self = {};
  const listeners = new Map<string, () => void>();
  const root = { height: 287.25, getBoundingClientRect: () => ({ height: root.height }) };
  FakeResizeObserver.last = undefined;
  const script = new Function(
    'window',
    'parent',
    'location',
    'document',
    'addEventListener',
    'ResizeObserver',
    earlyHeightScript(allowed),
  );
  script(
    self,
    top ? self : parent,
    ancestors === null ? {} : { ancestorOrigins: ancestors },
    { getElementById: (id: string) => (id === 'root' && !noRoot ? root : null) },
    vi.fn((type: string, listener: () => void) => listeners.set(type, listener)),
    noResizeObserver ? undefined : FakeResizeObserver,
  );
  const resize = (height: number) => {
    root.height = height;
    FakeResizeObserver.last?.resized();
  };
  return { posted, resize, stop: () => listeners.get(EARLY_HEIGHT_STOP)?.() };
}

const report = { type: EARLY_HEIGHT, height: 287.25 };

describe('earlyHeightScript', () => {
  it("posts #root's height to the parent, addressed to the host's exact origin", () => {
    expect(run([OTHER, HOST]).posted).toEqual([[report, HOST]]);
  });

  it('tells nothing to a parent whose origin is not authorized', () => {
    expect(run([HOST], { ancestors: [OTHER] }).posted).toEqual([]);
  });

  it("without ancestorOrigins, posts to the project's only authorized origin, or to none", () => {
    expect(run([HOST], { ancestors: null }).posted).toEqual([[report, HOST]]);
    expect(run([HOST, OTHER], { ancestors: null }).posted).toEqual([]);
  });

  it('does nothing at top level or without a drawn #root', () => {
    expect(run([HOST], { top: true }).posted).toEqual([]);
    expect(run([HOST], { noRoot: true }).posted).toEqual([]);
  });

  it('reports again whenever #root changes size, until the frame says its channel is up', () => {
    const { posted, resize, stop } = run([HOST]);
    resize(412);
    stop();
    resize(500);
    expect(posted).toEqual([
      [report, HOST],
      [{ type: EARLY_HEIGHT, height: 412 }, HOST],
    ]);
  });

  it('without ResizeObserver, reports once as the script runs', () => {
    const { posted } = run([HOST], { noResizeObserver: true });
    expect(posted).toEqual([[report, HOST]]);
  });

  it('keeps the origins from closing its <script> element', () => {
    expect(earlyHeightScript(['https://a.example/</script><script>alert(1)//'])).not.toContain('</script>');
  });
});
