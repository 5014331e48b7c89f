import { Agent, request } from 'undici';
import { basic, HOST, TEST_TOKEN } from '../testConfig';

export interface BudgetReport {
  requests: number;
  statuses: Record<number, number>;
  /** 429s per scenario; each must carry Retry-After. */
  refused: Record<string, number>;
  refusedWithoutRetryAfter: number;
  serverErrors: string[];
}

/**
 * Spends the send and guess budgets from many client addresses (`X-Forwarded-For`, the provider
 * trusting loopback): one address hammering sends, one hammering guesses, and `addresses`
 * addresses sending once each (the project's budget). Refusals must be 429 with `Retry-After`,
 * and nothing a 5xx.
 */
export async function runBudgetProbe(
  port: number,
  { perAddress, addresses }: { perAddress: number; addresses: number },
): Promise<BudgetReport> {
  const origin = `http://127.0.0.1:${port}`;
  const agent = new Agent({ connections: 4 });
  const report: BudgetReport = {
    requests: 0,
    statuses: {},
    refused: {},
    refusedWithoutRetryAfter: 0,
    serverErrors: [],
  };
  const post = async (scenario: string, path: string, body: unknown, address: string) => {
    report.requests++;
    const answer = await request(`${origin}/sdk/v1${path}`, {
      method: 'POST',
      headers: {
        authorization: basic(TEST_TOKEN),
        origin: HOST,
        'content-type': 'application/json',
        'x-forwarded-for': address,
      },
      body: JSON.stringify(body),
      dispatcher: agent,
    });
    const text = await answer.body.text();
    report.statuses[answer.statusCode] = (report.statuses[answer.statusCode] ?? 0) + 1;
    if (answer.statusCode >= 500)
      report.serverErrors.push(`${scenario}: ${answer.statusCode} ${text.slice(0, 200)}`);
    if (answer.statusCode === 429) {
      report.refused[scenario] = (report.refused[scenario] ?? 0) + 1;
      const retryAfter = Number(answer.headers['retry-after']);
      if (!Number.isInteger(retryAfter) || retryAfter < 1) report.refusedWithoutRetryAfter++;
    }
  };
  const run = `${Date.now()}`;
  const inTurn = async (count: number, each: (i: number) => Promise<void>) => {
    for (let i = 0; i < count; i += 4)
      await Promise.all([0, 1, 2, 3].filter((j) => i + j < count).map((j) => each(i + j)));
  };
  await inTurn(perAddress, (i) =>
    post(
      'sends from one address',
      '/otps/email/login_or_create',
      { email: `budget-${run}-${i}@example.com` },
      '10.6.0.1',
    ),
  );
  await inTurn(perAddress, () =>
    post(
      'guesses from one address',
      '/passwords/authenticate',
      { email: `nobody-${run}@example.com`, password: 'wrong-Horse-battery-9' },
      '10.6.0.2',
    ),
  );
  await inTurn(addresses, (i) =>
    post(
      'sends from many addresses',
      '/otps/email/login_or_create',
      { email: `many-${run}-${i}@example.com` },
      `10.5.${i >> 8}.${i & 255}`,
    ),
  );
  await agent.close();
  return report;
}
