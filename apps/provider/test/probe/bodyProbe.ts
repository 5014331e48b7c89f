import { basic, TEST_TOKEN } from '../testConfig';
import { RawConnection, rawRequest } from './rawHttp';

const MB = 1024 * 1024;

export interface BodyReport {
  bodies: number;
  /** Status of each answer, in order (413 expected). */
  statuses: number[];
  /** The most any one client managed to send before the server stopped reading (bytes). */
  mostSent: number;
  /** Clients that got no answer. */
  unanswered: number;
}

/** Writes `chunk` until the connection stops taking bytes or `limit` went; answers how much went. */
async function sendUntilRefused(connection: RawConnection, chunk: Buffer, limit: number): Promise<number> {
  let sent = 0;
  while (sent < limit && (await connection.write(chunk))) sent += chunk.length;
  return sent;
}

/**
 * `count` clients at once each send a 250 MB body (half declared by Content-Length, half
 * chunked) to a JSON route: each must get its 413 and be cut off early, not read to the end.
 */
export async function runBodyProbe(port: number, count: number): Promise<BodyReport> {
  const total = 250 * MB;
  const report: BodyReport = { bodies: count, statuses: [], mostSent: 0, unanswered: 0 };
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const connection = await RawConnection.open(port);
      const chunkedBody = i % 2 === 1;
      const headers = {
        Authorization: basic(TEST_TOKEN),
        'Content-Type': 'application/json',
        ...(chunkedBody ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(total) }),
      };
      await connection.write(rawRequest('POST', '/sdk/v1/otps/email/login_or_create', headers));
      const chunk = chunkedBody
        ? Buffer.from(`40000\r\n${' '.repeat(0x40000)}\r\n`)
        : Buffer.alloc(256 * 1024, 0x20);
      const [sent, answer] = await Promise.all([
        sendUntilRefused(connection, chunk, total),
        connection.next({ timeoutMs: 30_000 }).catch(() => null),
      ]);
      report.mostSent = Math.max(report.mostSent, sent);
      if (answer) report.statuses.push(answer.status);
      else report.unanswered++;
      connection.destroy();
    }),
  );
  return report;
}
