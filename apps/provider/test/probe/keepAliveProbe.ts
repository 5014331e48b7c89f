import { Readable } from 'node:stream';
import { isErrorEnvelope } from '@latch/api';
import { Agent, request } from 'undici';
import { basic, HOST, TEST_TOKEN } from '../testConfig';
import { PROJECT_ID, PROJECT_SECRET } from '../authTestKit';
import type { PoisonCase } from './poisonMatrix';

export interface KeepAliveReport {
  requests: number;
  statuses: Record<number, number>;
  serverErrors: string[];
  /** Requests that got no HTTP answer (reset, closed under them). */
  failures: string[];
  /** Error answers that were not the error envelope. */
  bareErrors: string[];
  /** 8 MB bodies refused by a 413 whose client was still writing when the server stopped reading. */
  cutOff: number;
}

/** Requests whose answer comes before their body is read, sent between the others. */
const EARLY: readonly {
  kind: string;
  body: () => Buffer | Readable;
  headers: Record<string, string>;
  method?: string;
  path?: string;
}[] = [
  {
    kind: '413 declared',
    body: () => Buffer.alloc(300 * 1024, 0x20),
    headers: { authorization: basic(TEST_TOKEN) },
  },
  {
    kind: '413 declared, 8 MB',
    body: () => Buffer.alloc(8 * 1024 * 1024, 0x20),
    headers: { authorization: basic(TEST_TOKEN) },
  },
  {
    kind: '413 chunked',
    body: () => Readable.from(chunks(300 * 1024)),
    headers: { authorization: basic(TEST_TOKEN) },
  },
  { kind: '401 before the body', body: () => Buffer.alloc(20_000, 0x20), headers: {} },
  { kind: '401 before a chunked body', body: () => Readable.from(chunks(20_000)), headers: {} },
  {
    kind: 'GET with a body',
    body: () => Buffer.alloc(5000, 0x20),
    headers: {},
    method: 'GET',
    path: '/dev/inbox',
  },
  {
    kind: 'DELETE with a chunked body',
    body: () => Readable.from(chunks(50_000)),
    headers: { authorization: basic(TEST_TOKEN) },
    method: 'DELETE',
    path: '/sdk/v1/users/webauthn_registrations/x',
  },
  { kind: '404 with a body', body: () => Buffer.alloc(5000, 0x20), headers: {}, path: '/nowhere/%00' },
];

function* chunks(total: number): Generator<Buffer> {
  for (let sent = 0; sent < total; sent += 16 * 1024)
    yield Buffer.alloc(Math.min(16 * 1024, total - sent), 0x20);
}

/**
 * The poison matrix over a keep-alive agent of `connections` sockets, with an answer-before-body
 * request (a 413, a 401 before the body, a body on a GET, ...) after every `earlyEvery` cases and
 * a `GET /dev/inbox` or a valid send between them: every request must get an HTTP answer, none
 * a 5xx, and every error answer of the API must be the envelope.
 */
export async function runKeepAliveProbe(
  port: number,
  cases: readonly PoisonCase[],
  { connections = 6, earlyEvery = 4 } = {},
): Promise<KeepAliveReport> {
  const origin = `http://127.0.0.1:${port}`;
  const agent = new Agent({ connections, pipelining: 1, keepAliveTimeout: 60_000 });
  const report: KeepAliveReport = {
    requests: 0,
    statuses: {},
    serverErrors: [],
    failures: [],
    bareErrors: [],
    cutOff: 0,
  };
  type Job = {
    kind: string;
    method: string;
    path: string;
    headers: Record<string, string>;
    body?: Buffer | Readable | string;
    api: boolean;
  };
  const jobs: Job[] = [];
  cases.forEach((item, i) => {
    const auth = item.route.api === 'sdk' ? basic(TEST_TOKEN) : basic(PROJECT_ID, PROJECT_SECRET);
    jobs.push({
      kind: `${item.route.method} ${item.route.path} ${item.field}=${item.poison}`,
      method: item.route.method,
      path: item.route.path,
      headers: {
        authorization: auth,
        origin: HOST,
        'content-type': 'application/json',
        'x-forwarded-for': `10.8.${i % 250}.${(i >> 8) % 250}`,
      },
      body: item.body,
      api: true,
    });
    if (i % earlyEvery === earlyEvery - 1) {
      const early = EARLY[((i / earlyEvery) % EARLY.length) | 0];
      if (early) {
        jobs.push({
          kind: early.kind,
          method: early.method ?? 'POST',
          path: early.path ?? '/sdk/v1/otps/email/login_or_create',
          headers: { 'content-type': 'application/json', ...early.headers },
          body: early.body(),
          api: (early.path ?? '/sdk/').startsWith('/sdk/'),
        });
      }
      jobs.push(
        i % 2
          ? { kind: 'GET /dev/inbox', method: 'GET', path: '/dev/inbox', headers: {}, api: false }
          : {
              kind: 'a valid send',
              method: 'POST',
              path: '/sdk/v1/otps/email/login_or_create',
              headers: {
                authorization: basic(TEST_TOKEN),
                origin: HOST,
                'content-type': 'application/json',
                'x-forwarded-for': `10.7.${i % 250}.1`,
              },
              body: JSON.stringify({ email: `keepalive-${i}@example.com` }),
              api: true,
            },
      );
    }
  });
  let next = 0;
  const worker = async () => {
    for (let job = jobs[next++]; job; job = jobs[next++]) {
      report.requests++;
      try {
        const options: Parameters<typeof request>[1] = {
          method: job.method as 'GET',
          headers: job.headers,
          dispatcher: agent,
        };
        if (job.body !== undefined) options.body = job.body;
        const answer = await request(origin + job.path, options);
        const text = await answer.body.text();
        report.statuses[answer.statusCode] = (report.statuses[answer.statusCode] ?? 0) + 1;
        if (answer.statusCode >= 500)
          report.serverErrors.push(`${job.kind}: ${answer.statusCode} ${text.slice(0, 200)}`);
        else if (job.api && answer.statusCode >= 400 && !isErrorEnvelope(safeJson(text))) {
          report.bareErrors.push(`${job.kind}: ${answer.statusCode} ${text.slice(0, 120)}`);
        }
      } catch (error) {
        const { code, message } = error as { code?: string; message: string };
        // A client still writing a body the server refused to read sees its write fail: the
        // 413 was sent, the client could not read it while writing. Not a reset of a request.
        if (
          job.kind === '413 declared, 8 MB' &&
          (code === 'EPIPE' || code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
        ) {
          report.cutOff++;
          continue;
        }
        report.failures.push(`${job.kind}: ${code ?? ''} ${message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  await agent.close();
  return report;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
