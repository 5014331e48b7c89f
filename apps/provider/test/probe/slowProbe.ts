import { RawConnection } from './rawHttp';

export interface SlowReport {
  clients: number;
  /** Slow clients whose connection the server ended (with a 408, or closed), and how long it took (ms). */
  freed: number;
  slowestMs: number;
  /** A normal request made while the slow clients hung on: answered, and in how long (ms). */
  bystanderMs: number;
  bystanderStatus: number;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Slowloris: `clients` connections dribble a byte every 200 ms, half of them headers that never
 * end, half a body that never ends. Each must be freed (408 or closed) soon after the server's
 * request time-out, while a normal request on another connection is answered at once.
 */
export async function runSlowProbe(port: number, clients: number, giveUpMs: number): Promise<SlowReport> {
  const report: SlowReport = { clients, freed: 0, slowestMs: 0, bystanderMs: -1, bystanderStatus: 0 };
  const started = Date.now();
  const slow = Array.from({ length: clients }, async (_, i) => {
    const connection = await RawConnection.open(port);
    const head =
      i % 2 === 0
        ? 'GET /healthz HTTP/1.1\r\nHost: x\r\n'
        : 'POST /sdk/v1/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n[';
    await connection.write(head);
    const drip = async () => {
      while (connection.state === 'open' && Date.now() - started < giveUpMs) {
        await sleep(200);
        await connection.write(i % 2 === 0 ? 'X' : ' ');
      }
    };
    const ended = await Promise.race([
      connection.ended.then(() => true),
      drip().then(() => connection.state !== 'open'),
    ]);
    if (ended) {
      report.freed++;
      report.slowestMs = Math.max(report.slowestMs, Date.now() - started);
    }
    connection.destroy();
  });
  await sleep(300);
  const bystander = await RawConnection.open(port);
  const asked = Date.now();
  await bystander.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
  const answer = await bystander.next({ timeoutMs: 5000 });
  report.bystanderMs = Date.now() - asked;
  report.bystanderStatus = answer.status;
  bystander.destroy();
  await Promise.all(slow);
  return report;
}
