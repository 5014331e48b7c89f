// CPU throttling for every renderer of a page, the cross-origin iframe's process included
// (throttling the page's CDP session does not slow an out-of-process iframe: a busy loop in the
// frame took 33 ms unthrottled, 35 ms with the page throttled 4x, 136 ms with the frame's own session).
// New child targets are held before they run (`waitForDebuggerOnStart`), throttled, then released.
// Playwright's public CDP session cannot address flattened child sessions, so this one uses the
// non-flat form: commands travel in `Target.sendMessageToTarget`.

/**
 * Applies `rate` to the page and to each child target it creates; call before navigating. At 1×
 * nothing is attached or held: holding a new frame until this process has answered is a delay no
 * visitor's browser has (about 60 ms of the frame's start on this machine).
 */
export async function throttleAllRenderers(context, page, rate) {
  if (rate === 1) return { throttledChildren: () => [], errors: () => [] };
  const cdp = await context.newCDPSession(page);
  let nextId = 0;
  const pending = new Map();
  const children = [];
  const errors = [];
  const sendToChild = (sessionId, method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(`${sessionId}:${id}`, { resolve, reject });
      cdp
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) })
        .catch(reject);
    });
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const parsed = JSON.parse(message);
    const waiter = parsed.id === undefined ? undefined : pending.get(`${sessionId}:${parsed.id}`);
    if (!waiter) return;
    pending.delete(`${sessionId}:${parsed.id}`);
    if (parsed.error) waiter.reject(new Error(`${parsed.error.message} (child target)`));
    else waiter.resolve(parsed.result);
  });
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo, waitingForDebugger }) => {
    const done = (async () => {
      try {
        await sendToChild(sessionId, 'Emulation.setCPUThrottlingRate', { rate });
        children.push(targetInfo.type);
      } finally {
        // Never leave a target paused, even when throttling it failed.
        if (waitingForDebugger) await sendToChild(sessionId, 'Runtime.runIfWaitingForDebugger');
      }
    })();
    done.catch((error) => errors.push(`${targetInfo.type} ${targetInfo.url}: ${error.message}`));
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return {
    /** Types of the child targets throttled so far (e.g. `iframe`). */
    throttledChildren: () => [...children],
    /** Child targets that could not be throttled or released. */
    errors: () => [...errors],
  };
}
