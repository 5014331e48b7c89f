import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger, testApp, type CapturingLogger } from '../../test/testApp';
import { listenApp } from '../../test/listenApp';
import { RawConnection, rawRequest } from '../../test/probe/rawHttp';
import { basic, TEST_TOKEN } from '../../test/testConfig';

const OTP = '/sdk/v1/otps/email/login_or_create';
const JSON_TYPE = { 'Content-Type': 'application/json' };
const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Keeps writing `chunk` until the server stops taking bytes or `limit` is sent; answers how much went. */
async function sendUntilRefused(connection: RawConnection, chunk: Buffer, limit: number): Promise<number> {
  let sent = 0;
  while (sent < limit && (await connection.write(chunk))) sent += chunk.length;
  return sent;
}

describe('connections after an answer that comes before the request body', () => {
  let port = 0;
  let close: () => Promise<void>;
  let logger: CapturingLogger;
  beforeAll(async () => {
    logger = capturingLogger('debug');
    ({ port, close } = await listenApp(testApp({ logger }).app, { requestTimeoutMs: 1500, logger }));
  });
  afterAll(() => close());

  it('drains a small unread body, however slowly it comes, and answers the next request on the connection', async () => {
    const connection = await RawConnection.open(port);
    await connection.write(rawRequest('POST', OTP, { ...JSON_TYPE, 'Content-Length': '20000' }));
    // No credentials: refused before the body is read.
    const refused = await connection.next();
    expect(refused.status).toBe(401);
    expect(refused.headers['connection']).not.toBe('close');
    // The body's rest comes over 800 ms, later than a fixed drain of 500 ms would wait.
    for (let i = 0; i < 4; i++) {
      await sleep(200);
      await connection.write(' '.repeat(5000));
    }
    await connection.write(rawRequest('GET', '/healthz'));
    expect((await connection.next()).status).toBe(200);
    expect(connection.state).toBe('open');
    connection.destroy();
  });

  it('says Connection: close on a 413 for a declared body over the limit, and stops reading it early', async () => {
    const connection = await RawConnection.open(port);
    const declared = 250 * MB;
    await connection.write(
      rawRequest('POST', OTP, {
        ...JSON_TYPE,
        Authorization: basic(TEST_TOKEN),
        'Content-Length': String(declared),
      }),
    );
    const answer = await connection.next();
    expect(answer.status).toBe(413);
    expect(answer.headers['connection']).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({ error_type: 'bad_request', status_code: 413 });
    // The client goes on sending: the server drops a little, then closes (socket buffers hold a few MB).
    const sent = await sendUntilRefused(connection, Buffer.alloc(256 * 1024, 0x20), declared);
    expect(sent).toBeLessThan(32 * MB);
    await connection.ended;
  });

  it('never reads a body sent with a GET: the answer says Connection: close, and the body is cut off', async () => {
    const connection = await RawConnection.open(port);
    await connection.write(rawRequest('GET', '/healthz', { 'Transfer-Encoding': 'chunked' }));
    const answer = await connection.next();
    expect(answer.status).toBe(200);
    expect(answer.headers['connection']).toBe('close');
    const chunk = Buffer.from(`40000\r\n${' '.repeat(0x40000)}\r\n`);
    expect(await sendUntilRefused(connection, chunk, 250 * MB)).toBeLessThan(32 * MB);
    await connection.ended;
  });

  it('answers bytes that are not HTTP with the error envelope and Connection: close', async () => {
    const connection = await RawConnection.open(port);
    await connection.write('GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    const answer = await connection.next();
    expect(answer.status).toBe(400);
    expect(answer.headers['connection']).toBe('close');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(answer.body)).toMatchObject({ error_type: 'bad_request', status_code: 400 });
    expect(await connection.ended).toBe('end');
  });

  it('answers 408 to a client whose headers do not arrive in time, and frees its socket', async () => {
    const connection = await RawConnection.open(port);
    await connection.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const answer = await connection.next({ timeoutMs: 6000 });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ error_type: 'bad_request', status_code: 408 });
    await connection.ended;
  });

  it('logs a client that stops its chunked body halfway as what it is: no 500, no error line', async () => {
    const before = logger.lines.length;
    const connection = await RawConnection.open(port);
    await connection.write(
      rawRequest('POST', OTP, {
        ...JSON_TYPE,
        Authorization: basic(TEST_TOKEN),
        'Transfer-Encoding': 'chunked',
      }),
    );
    await connection.write('5\r\n{"ema\r\n');
    await sleep(100);
    connection.destroy();
    await expect.poll(() => logger.lines.slice(before).find((line) => line.msg === 'request')).toBeDefined();
    const lines = logger.lines.slice(before);
    expect(lines.find((line) => line.msg === 'request')).toMatchObject({ status: 400 });
    expect(lines.map((line) => line.msg)).toContain(
      'client closed the connection before sending its whole request',
    );
    expect(logger.errors).toEqual([]);
  });
});
