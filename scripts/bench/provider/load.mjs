// The load driver of `npm run bench:provider`: runs a flow (one or more HTTP requests that make one
// unit of work, e.g. the three requests of a passcode sign-in) through autocannon on `connections`
// keep-alive connections, each looping the flow as fast as answers come back.
//
// autocannon chains a flow's requests itself (`requests` with `setupRequest`/`onResponse`, a fresh
// `context` per loop), but it only knows requests. The unit accounting is ours, from its per-response
// event: a unit is done when its last request succeeds; its latency is the sum of its timed
// requests; a failed request (bad status, missing field) ends the unit, counts one error, and
// autocannon starts the next unit from the first request.
import autocannon from 'autocannon';

/**
 * @typedef {object} Step One request of a flow.
 * @property {string} name for error reports
 * @property {'GET' | 'POST'} method
 * @property {string | ((context: object) => string | null)} path a function reads earlier answers
 *   from the context; null means a prerequisite is missing (the unit is abandoned)
 * @property {Record<string, string>} [headers]
 * @property {string | ((context: object) => string | null)} [body]
 * @property {(status: number, body: string, context: object) => boolean} [check] asked about 2xx
 *   answers only (any other status fails); may store what later steps need in the context
 * @property {boolean} [untimed] not part of the unit's latency (reported on its own)
 */

/**
 * @typedef {object} Flow
 * @property {string} name
 * @property {Step[]} steps
 * @property {(client: object) => void} [setupClient] autocannon's per-connection hook
 */

const ok2xx = (status) => status >= 200 && status < 300;

/** Nearest-rank percentile of ascending `sorted`, in ms; undefined when empty. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** `error_type: error_message` of an error envelope, else the start of the body. */
function failureKind(body) {
  try {
    const { error_type: type, error_message: message } = JSON.parse(body);
    if (type) return `${type}: ${message}`;
  } catch {
    // Not JSON: an HTML error page, a proxy's answer...
  }
  return String(body).slice(0, 160) || '(empty body)';
}

/** autocannon's `requests` for the flow, with each failure recorded in the loop's context. */
function toRequests(steps, errorSamples) {
  return steps.map((step) => {
    const dynamic = typeof step.path === 'function' || typeof step.body === 'function';
    const request = { method: step.method, headers: step.headers ?? {} };
    if (typeof step.path === 'string') request.path = step.path;
    if (typeof step.body === 'string') request.body = step.body;
    if (dynamic) {
      request.setupRequest = (req, context) => {
        // A unit whose earlier step failed (or whose answer never came: a time-out reconnects and
        // moves on) stops here; returning nothing makes autocannon start the flow again.
        if (context.failed) return null;
        const path = typeof step.path === 'function' ? step.path(context) : step.path;
        const body = typeof step.body === 'function' ? step.body(context) : step.body;
        if (path === null || body === null) return null;
        return { ...req, path, ...(body === undefined ? {} : { body }) };
      };
    }
    request.onResponse = (status, body, context) => {
      const passed = step.check ? ok2xx(status) && step.check(status, body, context) : ok2xx(status);
      if (passed) return;
      context.failed = true;
      // Counted by kind of failure for the report: the error type, not the request id.
      const key = `${step.name}: ${status} ${failureKind(body)}`;
      errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
    };
    return request;
  });
}

/**
 * Runs `flow` against `url` for `seconds` on `connections` connections.
 * @returns {Promise<{ units: number, failedUnits: number, seconds: number, latencies: number[],
 *   untimed: number[], requests2xx: number, socketErrors: number, timeouts: number, non2xx: number,
 *   errorSamples: Map<string, number> }>}
 */
export function runFlow(url, flow, { connections, seconds }) {
  const errorSamples = new Map();
  const latencies = [];
  const untimed = [];
  let units = 0;
  let failedUnits = 0;
  const last = flow.steps.length - 1;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        pipelining: 1,
        timeout: 10,
        requests: toRequests(flow.steps, errorSamples),
        ...(flow.setupClient ? { setupClient: flow.setupClient } : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        untimed.sort((a, b) => a - b);
        resolve({
          units,
          failedUnits,
          seconds: result.duration,
          latencies,
          untimed,
          requests2xx: result['2xx'],
          socketErrors: result.errors - result.timeouts,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          errorSamples,
        });
      },
    );
    // Emitted after the step's onResponse and before the client moves to the next step, so the
    // iterator still points at the step that was answered. (autocannon has no public per-step hook.)
    instance.on('response', (client, status, _bytes, ms) => {
      const iterator = client.requestIterator;
      const index = iterator.currentRequestIndex;
      const context = iterator.context;
      if (context.failed) {
        if (!context.counted) failedUnits++;
        context.counted = true;
        return;
      }
      if (flow.steps[index]?.untimed) untimed.push(ms);
      else context.ms = (context.ms ?? 0) + ms;
      if (index === last) {
        units++;
        latencies.push(context.ms);
      }
    });
  });
}
