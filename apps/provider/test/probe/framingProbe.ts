import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { isErrorEnvelope } from '@latch/api';
import { RawConnection, type RawAnswer } from './rawHttp';
import { basic, HOST, TEST_TOKEN } from '../testConfig';
import { FRAME_DIST, LOADER_DIST } from '../../src/paths';
import { PROBE_ROUTES } from './poisonMatrix';

/**
 * One generated request as bytes. `sound`: framed as HTTP/1.1 allows, so the server must answer
 * it and then either serve the next request on the connection or say `Connection: close`.
 * Otherwise the server may answer 4xx and close, or close, but never answer 5xx or reset.
 */
export interface FramingCase {
  bytes: Buffer;
  sound: boolean;
  head: boolean;
  kind: string;
}

const CRLF = '\r\n';
const ascii = (text: string) => Buffer.from(text, 'latin1');

// The frame and the loader answer 503 until `npm run build` made them (as `npm test` does first).
const BUILT = existsSync(join(FRAME_DIST, 'index.html')) && existsSync(join(LOADER_DIST, 'loader.js'));

const PATHS = [
  ...new Set(PROBE_ROUTES.map((route) => route.path)),
  '/healthz',
  '/',
  '/dev/inbox',
  ...(BUILT ? [`/frame/login?public_token=${TEST_TOKEN}`, '/loader.js'] : []),
  '/v1/public/project-test-11111111-1111-4111-8111-111111111111/.well-known/openid-configuration',
];
const ODD_PATHS = [
  '/%E0%A4%A',
  '/%00',
  '/a?x=%00',
  `/${'a'.repeat(300)}`,
  '/../../etc/passwd',
  '//x//y',
  '/sdk/v1/%ZZ',
  '/?',
];

const path = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PATHS) },
  { weight: 1, arbitrary: fc.constantFrom(...ODD_PATHS) },
);
const address = fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.9.${a}.${b}`);
const commonHeaders = fc.record({
  host: fc.constant('Host: 127.0.0.1'),
  auth: fc.constantFrom(
    `Authorization: ${basic(TEST_TOKEN)}`,
    '',
    'Authorization: Basic %%%',
    `Authorization: ${basic(TEST_TOKEN, 'x')}`,
  ),
  origin: fc.constantFrom(`Origin: ${HOST}`, '', 'Origin: https://evil.example', 'Origin: null'),
  type: fc.constantFrom(
    'Content-Type: application/json',
    'Content-Type: application/x-www-form-urlencoded',
    '',
    'Content-Type: text/plain',
  ),
  forwarded: address.map((a) => `X-Forwarded-For: ${a}`),
  extra: fc.constantFrom(
    '',
    'Expect: 100-continue',
    'Accept-Encoding: gzip, br',
    `X-Long: ${'v'.repeat(8000)}`,
    'x-MiXeD-CaSe: 1',
    'Cookie: a=b; c=d',
  ),
});
const headerLines = commonHeaders.map((h) => Object.values(h).filter(Boolean));

const jsonBody = fc.oneof(
  fc.constantFrom('{"email":"probe@example.com"}', '{', '[]', 'null', '"x"', '{"email":"a\\u0000b"}', ''),
  fc.json({ maxDepth: 3 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);
const bodySize = fc.oneof(
  { weight: 6, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.integer({ min: 200 * 1024, max: 320 * 1024 }) },
);

/** A body as chunks: random splits, extensions, upper-case or zero-padded sizes, trailers. */
function chunked(
  body: Buffer,
  splits: number[],
  style: { ext: boolean; upper: boolean; pad: boolean; trailer: boolean },
): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (const split of [...splits.map((s) => s % (body.length + 1)).sort((a, b) => a - b), body.length]) {
    if (split <= at) continue;
    let size = (split - at).toString(16);
    if (style.upper) size = size.toUpperCase();
    if (style.pad) size = `00${size}`;
    parts.push(ascii(`${size}${style.ext ? ';probe=1' : ''}${CRLF}`), body.subarray(at, split), ascii(CRLF));
    at = split;
  }
  parts.push(ascii(`0${CRLF}${style.trailer ? `X-Trailer: 1${CRLF}` : ''}${CRLF}`));
  return Buffer.concat(parts);
}

/** Requests framed as HTTP/1.1 allows (every method, path, headers, and a body by length or in chunks). */
const soundCase: fc.Arbitrary<FramingCase> = fc
  .record({
    method: fc.constantFrom(
      'GET',
      'GET',
      'POST',
      'POST',
      'POST',
      'PUT',
      'DELETE',
      'HEAD',
      'OPTIONS',
      'PATCH',
    ),
    path,
    headers: headerLines,
    text: jsonBody,
    pad: bodySize,
    framing: fc.constantFrom('length', 'length', 'chunked', 'none'),
    splits: fc.array(fc.nat(400_000), { maxLength: 6 }),
    style: fc.record({ ext: fc.boolean(), upper: fc.boolean(), pad: fc.boolean(), trailer: fc.boolean() }),
    close: fc.nat(9).map((n) => n === 0),
  })
  .map(({ method, path, headers, text, pad, framing, splits, style, close }) => {
    const body = Buffer.concat([ascii(text), Buffer.alloc(pad, 0x20)]);
    const lines = [`${method} ${path} HTTP/1.1`, ...headers, ...(close ? ['Connection: close'] : [])];
    let payload: Buffer = Buffer.alloc(0);
    if (framing === 'length') {
      lines.push(`Content-Length: ${body.length}`);
      payload = body;
    } else if (framing === 'chunked') {
      lines.push('Transfer-Encoding: chunked');
      payload = chunked(body, splits, style);
    }
    return {
      bytes: Buffer.concat([ascii(lines.join(CRLF) + CRLF + CRLF), payload]),
      sound: true,
      head: method === 'HEAD',
      kind: `${method} ${framing}${pad ? ' oversized' : ''}`,
    };
  });

/** Bytes that are not well-framed HTTP/1.1: bad request lines, headers, lengths and chunks. */
const BROKEN: readonly (readonly [string, string])[] = [
  ['no version', 'GET /healthz\r\n\r\n'],
  ['bad version', 'GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n'],
  ['HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'],
  ['spaces in the request line', 'GET  /healthz  HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['lower-case method', 'get /healthz HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['unknown method', 'BREW /healthz HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['raw NUL in the path', 'GET /a\u0000b HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['raw space in the path', 'GET /a b HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['binary', '\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003'],
  ['header without colon', 'GET /healthz HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n'],
  ['space before colon', 'GET /healthz HTTP/1.1\r\nHost : x\r\n\r\n'],
  ['folded header', 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n  2\r\n\r\n'],
  ['CR inside a value', 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: 1\r2\r\n\r\n'],
  ['bad header name', 'GET /healthz HTTP/1.1\r\nHost: x\r\nX(A): 1\r\n\r\n'],
  ['headers over the limit', `GET /healthz HTTP/1.1\r\nHost: x\r\n${'X-Big: ' + 'v'.repeat(20_000)}\r\n\r\n`],
  ['URL over the limit', `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
  ['negative length', 'POST /sdk/v1/events HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n'],
  ['length not a number', 'POST /sdk/v1/events HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
  [
    'two lengths',
    'POST /sdk/v1/events HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n[]x',
  ],
  [
    'length and chunked',
    'POST /sdk/v1/events HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  ],
  ['unknown transfer coding', 'POST /sdk/v1/events HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\nxx'],
  [
    'chunked not last',
    'POST /sdk/v1/events HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n0\r\n\r\n',
  ],
  [
    'bad chunk size',
    'POST /sdk/v1/events HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n[]\r\n0\r\n\r\n',
  ],
  [
    'chunk size overflow',
    'POST /sdk/v1/events HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffffff\r\n[]\r\n',
  ],
  [
    'chunk without CRLF',
    'POST /sdk/v1/events HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n[]0\r\n\r\n',
  ],
  ['bare LF lines', 'GET /healthz HTTP/1.1\nHost: x\n\n'],
  [
    'body cut short',
    'POST /sdk/v1/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n[]',
  ],
  [
    'chunked body cut short',
    'POST /sdk/v1/events HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n[]',
  ],
  ['headers cut short', 'GET /healthz HTTP/1.1\r\nHost: x\r\n'],
];
const brokenCase: fc.Arbitrary<FramingCase> = fc
  .constantFrom(...BROKEN)
  .map(([kind, text]) => ({ bytes: ascii(text), sound: false, head: false, kind }));

export const framingCase = fc.oneof(
  { weight: 4, arbitrary: soundCase },
  { weight: 1, arbitrary: brokenCase },
);

export interface FramingReport {
  requests: number;
  answered: number;
  serverErrors: string[];
  resets: string[];
  /** Sound requests that got no answer, or whose connection neither said close nor served the next request. */
  unanswered: string[];
  /** Error answers under /sdk or /v1 whose body was not the error envelope. */
  bareErrors: string[];
}

const FOLLOW_UP = ascii(`GET /healthz HTTP/1.1${CRLF}Host: 127.0.0.1${CRLF}${CRLF}`);
const isApi = (bytes: Buffer) => /^\w+ \/(sdk|v1)\//.test(bytes.subarray(0, 64).toString('latin1'));

/**
 * Sends each case on a connection of its own worker (`connections` of them side by side), and
 * after each answer either reuses the connection for a `GET /healthz` (kept alive) or watches it
 * close (`Connection: close`). Every connection that ends must end without a reset.
 */
export async function runFramingProbe(
  port: number,
  cases: readonly FramingCase[],
  connections = 6,
): Promise<FramingReport> {
  const report: FramingReport = {
    requests: 0,
    answered: 0,
    serverErrors: [],
    resets: [],
    unanswered: [],
    bareErrors: [],
  };
  const check = (kind: string, answer: RawAnswer, api: boolean) => {
    report.answered++;
    if (answer.status >= 500)
      report.serverErrors.push(`${kind}: ${answer.status} ${answer.body.slice(0, 200)}`);
    else if (api && answer.status >= 400 && !isErrorEnvelope(safeJson(answer.body))) {
      report.bareErrors.push(`${kind}: ${answer.status} ${answer.body.slice(0, 200)}`);
    }
  };
  let next = 0;
  const worker = async () => {
    let connection: RawConnection | null = null;
    while (next < cases.length) {
      const item = cases[next++];
      if (!item) break;
      connection ??= await RawConnection.open(port);
      const current: RawConnection = connection;
      report.requests++;
      await current.write(item.bytes);
      let answer: RawAnswer | null = null;
      try {
        answer = await current.next({ timeoutMs: 8000, headOnly: item.head });
      } catch (error) {
        if (item.sound) report.unanswered.push(`${item.kind}: ${(error as Error).message}`);
      }
      // A HEAD's answer has no body to hold an envelope.
      if (answer) check(item.kind, answer, isApi(item.bytes) && !item.head);
      if (!answer || answer.headers['connection'] === 'close') {
        // The connection must end (it said so, or its bytes were not HTTP), and end cleanly.
        if (
          answer &&
          (await Promise.race([current.ended, sleep(8000).then(() => 'open' as const)])) === 'open'
        ) {
          report.unanswered.push(`${item.kind}: said close but stayed open`);
        }
        if (current.state === 'reset') report.resets.push(item.kind);
        current.destroy();
        connection = null;
        continue;
      }
      // Kept alive: the next request on it must be answered (bytes that were not HTTP may have
      // left the connection out of step; only a reset counts against those).
      report.requests++;
      await current.write(FOLLOW_UP);
      try {
        check('follow-up', await current.next({ timeoutMs: 8000 }), false);
      } catch (error) {
        if (item.sound) report.unanswered.push(`follow-up after ${item.kind}: ${(error as Error).message}`);
        if (current.state === 'reset') report.resets.push(`follow-up after ${item.kind}`);
        current.destroy();
        connection = null;
      }
    }
    connection?.destroy();
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return report;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
