// Cold loads timed by the paint the browser presents, with nothing attached to the pages' frames.
// Playwright (and the bench's CPU throttler) attach to every new frame target and hold it until
// they have set it up; a visitor's browser holds nothing. Here Chromium is driven over its
// DevTools pipe: one session on the tab to navigate it, a trace of the whole browser, and no
// session on any frame. Used by scripts/benchPaint.mjs; method in docs/performance.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TRACE_CATEGORIES = ['devtools.timeline', 'loading', 'blink.user_timing'];
const TAB_OPEN_MS = 500;

/**
 * The first contentful paints of one load, in ms since the host page's navigation start: the host
 * page's renderer's (`host`) and every other renderer's (`frames`, out-of-process frames).
 * Undefined when the trace has no navigation of `hostOrigin`.
 * @param {Array<{ name: string, pid: number, ts: number, args?: { data?: { documentLoaderURL?: string } } }>} events
 * @param {string} hostOrigin
 * @returns {{ host: number | undefined, frames: number[] } | undefined}
 */
export function presentedPaints(events, hostOrigin) {
  const start = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith(`${hostOrigin}/`),
  );
  if (!start) return undefined;
  const since = (e) => Math.round((e.ts - start.ts) / 100) / 10;
  const paints = events.filter((e) => e.name === 'firstContentfulPaint' && e.ts >= start.ts);
  const host = paints.find((e) => e.pid === start.pid);
  return {
    host: host ? since(host) : undefined,
    frames: paints.filter((e) => e.pid !== start.pid).map(since),
  };
}

/**
 * Chromium with `args`, driven over `--remote-debugging-pipe` (fd 3 in, fd 4 out, JSON messages
 * ended by a NUL byte). `send` resolves with a command's result or rejects with its error.
 * @param {string} executable
 * @param {readonly string[]} args
 */
export function launchOverPipe(executable, args) {
  const profile = mkdtempSync(join(tmpdir(), 'latch-bench-paint-'));
  const child = spawn(executable, [...args, '--remote-debugging-pipe', `--user-data-dir=${profile}`], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  });
  const [, , , input, output] = child.stdio;
  const pending = new Map();
  const listeners = new Set();
  let nextId = 0;
  let buffered = '';
  output.setEncoding('utf8');
  output.on('data', (chunk) => {
    const parts = (buffered + chunk).split('\0');
    buffered = parts.pop() ?? '';
    for (const part of parts) {
      const message = JSON.parse(part);
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (waiting) {
        pending.delete(message.id);
        if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
        else waiting.resolve(message.result);
      } else for (const listener of listeners) listener(message);
    }
  });
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { method, resolve, reject });
      input.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      // A command the browser can no longer answer fails instead of waiting forever.
      for (const { method, reject } of pending.values())
        reject(new Error(`${method}: Chromium exited (${signal ?? code})`));
      pending.clear();
      resolve();
    }),
  );
  /** Ends the browser, then removes its profile (it writes there until it exits). */
  const close = async () => {
    child.kill();
    await exited;
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  };
  return {
    send,
    listen: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    close,
    /** For an exit handler: ends the browser without waiting (its profile folder stays). */
    kill: () => child.kill(),
  };
}

/**
 * One cold load of `url` in a new browser context, traced for `settleMs` after the navigation;
 * answers the trace's events.
 * @param {ReturnType<typeof launchOverPipe>} browser
 * @param {string} url
 * @param {number} settleMs
 */
export async function tracedLoad(browser, url, settleMs) {
  const { browserContextId } = await browser.send('Target.createBrowserContext');
  try {
    const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank', browserContextId });
    // The tab only, to navigate it: frames inside get no session and are never held.
    const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
    // A tab that has been open a moment, as a visitor's is: Chromium has started its spare renderer
    // process by then, which the first cross-site frame can take instead of starting one.
    await new Promise((resolve) => setTimeout(resolve, TAB_OPEN_MS));
    const events = [];
    const stop = browser.listen((message) => {
      if (message.method === 'Tracing.dataCollected') events.push(...message.params.value);
    });
    const complete = new Promise((resolve) => {
      const stopComplete = browser.listen((message) => {
        if (message.method !== 'Tracing.tracingComplete') return;
        stopComplete();
        resolve();
      });
    });
    await browser.send('Tracing.start', {
      traceConfig: { includedCategories: TRACE_CATEGORIES },
      transferMode: 'ReportEvents',
    });
    await browser.send('Page.navigate', { url }, sessionId);
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    await browser.send('Tracing.end');
    await complete;
    stop();
    return events;
  } finally {
    await browser.send('Target.disposeBrowserContext', { browserContextId });
  }
}
