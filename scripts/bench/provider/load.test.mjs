// The provider bench's unit accounting (load.mjs) against a tiny in-process server whose answers
// are known: a flow is done only when its last step succeeds, a failed step counts one error and
// ends the flow, the untimed step stays out of the flow's latency.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow, percentile } from './load.mjs';
import { logProblems } from './report.mjs';

let server;
let url;
const seen = { start: 0, code: 0, finish: 0, refused: 0 };

beforeAll(async () => {
  // /start answers an id; /code answers the code for it, except every third time (500);
  // /finish checks the pair.
  server = createServer((req, res) => {
    const { pathname, searchParams } = new URL(req.url, 'http://x');
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const send = (status, value) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (pathname === '/start') return send(200, { id: String(++seen.start) });
      if (pathname === '/code') {
        if (++seen.code % 3 === 0) return send(500, { error_type: 'flaky', error_message: 'third time' });
        return send(200, { code: `c${searchParams.get('id')}` });
      }
      seen.finish++;
      const { id, code } = JSON.parse(body);
      if (code !== `c${id}`) seen.refused++;
      send(code === `c${id}` ? 200 : 400, { ok: code === `c${id}` });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${server.address().port}`;
});
afterAll(() => server?.close());

const flow = {
  name: 'three steps',
  steps: [
    {
      name: 'start',
      method: 'POST',
      path: '/start',
      body: '{}',
      check: (_status, body, context) => Boolean((context.id = JSON.parse(body).id)),
    },
    {
      name: 'code',
      method: 'GET',
      path: (context) => (context.id ? `/code?id=${context.id}` : null),
      untimed: true,
      check: (_status, body, context) => Boolean((context.code = JSON.parse(body).code)),
    },
    {
      name: 'finish',
      method: 'POST',
      path: '/finish',
      body: (context) => (context.code ? JSON.stringify({ id: context.id, code: context.code }) : null),
      check: (_status, body) => JSON.parse(body).ok === true,
    },
  ],
};

describe('runFlow', () => {
  it('counts whole flows, one error per failed flow, and keeps the untimed step out of the latency', async () => {
    const run = await runFlow(url, flow, { connections: 3, seconds: 1 });
    expect(run.units).toBeGreaterThan(10);
    expect(seen.refused).toBe(0); // Every finish carried the code of its own start.
    // Each 500 from /code ended its flow (no finish was sent for it), give or take the answers that
    // were still on their way when the run stopped (one per connection at most).
    const fiveHundreds = Math.floor(seen.code / 3);
    expect(run.failedUnits).toBeGreaterThan(0);
    expect(fiveHundreds - run.failedUnits).toBeGreaterThanOrEqual(0);
    expect(fiveHundreds - run.failedUnits).toBeLessThanOrEqual(3);
    expect(seen.finish).toBeGreaterThanOrEqual(run.units);
    expect(seen.finish - run.units).toBeLessThanOrEqual(3);
    expect(run.latencies).toHaveLength(run.units);
    // Every finished flow read its code once; a flow cut short by the stop may have too.
    expect(run.untimed.length - run.units).toBeGreaterThanOrEqual(0);
    expect(run.untimed.length - run.units).toBeLessThanOrEqual(3);
    expect(run.non2xx).toBe(run.failedUnits);
    expect([...run.errorSamples.keys()]).toEqual(['code: 500 flaky: third time']);
    expect(run.socketErrors + run.timeouts).toBe(0);
  });

  it('counts every request as an error when nothing listens', async () => {
    const closed = createServer();
    await new Promise((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address();
    await new Promise((resolve) => closed.close(resolve));
    const run = await runFlow(`http://127.0.0.1:${port}`, flow, { connections: 2, seconds: 1 });
    expect(run.units).toBe(0);
    expect(run.socketErrors).toBeGreaterThan(0);
  });
});

describe('percentile', () => {
  it('is the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeUndefined();
  });
});

describe('logProblems', () => {
  it('keeps warnings and errors of a JSON log once each, and plain error lines', () => {
    const text = [
      '{"level":30,"time":1,"msg":"request"}',
      '{"level":50,"time":1,"request_id":"a","msg":"boom"}',
      '{"level":50,"time":2,"request_id":"b","msg":"boom"}',
      'Latch provider listening on http://localhost:1',
      'Error: connect ECONNREFUSED',
    ].join('\n');
    expect(logProblems(text)).toEqual(['{"level":50,"msg":"boom"}', 'Error: connect ECONNREFUSED']);
  });
});
