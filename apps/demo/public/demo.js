// Helpers shared by the demo pages. The loader (`window.Latch`) and `window.LATCH_DEMO` are set by
// the classic scripts each page loads before this module.

/** The Latch client for the demo project, or null after showing why there is none. */
export function createClient() {
  const demo = window.LATCH_DEMO;
  if (!demo || !demo.publicToken) {
    showProblem(demo?.error ?? 'The demo server did not provide a public token.');
    return null;
  }
  if (!window.Latch) {
    showProblem(`The loader did not load from ${demo.authOrigin}/loader.js. Is the provider running?`);
    return null;
  }
  return window.Latch.createClient(demo.publicToken);
}

export function showProblem(message) {
  const box = document.querySelector('#problem');
  if (!box) return;
  box.textContent = message;
  box.hidden = false;
}

/** An append-only log rendered into `<ol id="log">`; newest entry first. */
export function createLog() {
  const list = document.querySelector('#log');
  const clear = document.querySelector('#clear-log');
  clear?.addEventListener('click', () => list.replaceChildren());
  return function log(kind, detail) {
    const item = document.createElement('li');
    item.dataset.kind = kind;
    const time = document.createElement('time');
    time.textContent = new Date().toLocaleTimeString();
    const label = document.createElement('strong');
    label.textContent = kind;
    const body = document.createElement('pre');
    body.textContent = typeof detail === 'string' ? detail : JSON.stringify(detail, null, 2);
    item.append(time, ' ', label, body);
    list?.prepend(item);
  };
}

/** Callbacks for a mount that write to the log. */
export function loggingCallbacks(log) {
  return {
    onEvent: (event) => log(`onEvent ${event.type}`, event.data),
    onError: (error) => log('onError', { message: error.message, error_type: error.error_type }),
  };
}

/** The custom elements' DOM events do not bubble, so listen in the capture phase on the container. */
export function logDomEvents(container, log) {
  container.addEventListener(
    'stytch-event',
    (event) => log(`DOM stytch-event ${event.detail?.type ?? ''}`, event.detail ?? {}),
    true,
  );
  container.addEventListener(
    'stytch-error',
    (event) => log('DOM stytch-error', event.detail ?? { message: event.error?.message }),
    true,
  );
}

/** Shows `value` as formatted JSON in the element matching `selector`. */
export function showJson(selector, value) {
  const target = document.querySelector(selector);
  if (target) target.textContent = JSON.stringify(value, null, 2);
}
