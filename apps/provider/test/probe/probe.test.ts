import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniformRateLimits } from '../../src/config/rateLimitsSchema';
import { testConfig } from '../testConfig';
import { runBodyProbe } from './bodyProbe';
import { runBudgetProbe } from './budgetProbe';
import { framingCase, runFramingProbe } from './framingProbe';
import { runKeepAliveProbe } from './keepAliveProbe';
import { samplePoisonCases } from './poisonMatrix';
import { startProbeProvider, type ProbeProvider } from './probeProvider';
import { runSlowProbe } from './slowProbe';

/**
 * The attacker's probe of the provider, against a provider process on a free port: raw-socket
 * framing fuzz with keep-alive reuse after every kind of answer, the poison matrix over a
 * keep-alive agent between requests answered before their body, 250 MB bodies, slowloris, and
 * budgets spent from many client addresses. `npm test` runs it small; `npm run probe -- <size>`
 * runs it at full size (CONTRIBUTING, tests) and prints the figures.
 */
const SIZE = Number(process.env['LATCH_PROBE_SIZE'] ?? '400');
const FULL = SIZE > 5000;
const SEED = Number(process.env['LATCH_PROBE_SEED'] ?? '38');
const TIMEOUT = Math.max(60_000, SIZE * 40);

/** Small budgets, so refusals show within the probe: every budget allows this many per 10 minutes. */
const BUDGET = 40;

const figures: Record<string, unknown> = { size: SIZE, seed: SEED };

describe('the provider under an attacker’s probe', () => {
  let provider: ProbeProvider;
  beforeAll(async () => {
    provider = await startProbeProvider({
      pgliteTemplate: inject('pgliteTemplate'),
      config: { ...testConfig(), rate_limits: uniformRateLimits({ limit: BUDGET, per_seconds: 600 }) },
    });
    figures['memoryAtStartKb'] = provider.memoryKb().rss;
  }, 60_000);
  afterAll(async () => {
    if (!provider) return;
    // Request lines are flushed every 200 ms.
    await new Promise((done) => setTimeout(done, 400));
    figures['providerLog'] = Object.fromEntries(provider.statuses());
    figures['memoryPeakKb'] = provider.memoryKb().peak;
    if (process.env['LATCH_PROBE_REPORT']) console.log(`probe figures: ${JSON.stringify(figures)}`);
    await provider.stop();
  });

  it(
    'answers every raw-socket request, malformed or not, never 5xx, never a reset, and serves the next one on a kept connection',
    async () => {
      const cases = fc.sample(framingCase, { numRuns: Math.ceil(SIZE / 2), seed: SEED });
      const report = await runFramingProbe(provider.port, cases);
      figures['framing'] = {
        requests: report.requests,
        answered: report.answered,
        serverErrors: report.serverErrors.length,
        resets: report.resets.length,
        unanswered: report.unanswered.length,
      };
      expect(report.serverErrors).toEqual([]);
      expect(report.resets).toEqual([]);
      expect(report.unanswered).toEqual([]);
      expect(report.bareErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'answers every field of every route poisoned, over reused connections between answers sent before the body: 2xx or a 4xx envelope',
    async () => {
      const report = await runKeepAliveProbe(provider.port, samplePoisonCases(Math.ceil(SIZE / 2), SEED));
      figures['poison'] = {
        requests: report.requests,
        statuses: report.statuses,
        serverErrors: report.serverErrors.length,
        failures: report.failures.length,
        cutOff: report.cutOff,
      };
      expect(report.serverErrors).toEqual([]);
      expect(report.failures).toEqual([]);
      expect(report.bareErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'cuts 250 MB bodies off early with a 413, and its memory stays bounded',
    async () => {
      const before = provider.memoryKb();
      const report = await runBodyProbe(provider.port, FULL ? 16 : 4);
      const after = provider.memoryKb();
      figures['bodies'] = {
        ...report,
        statuses: undefined,
        rssBeforeKb: before.rss,
        rssAfterKb: after.rss,
        peakKb: after.peak,
      };
      expect(report.unanswered).toBe(0);
      expect(report.statuses.every((status) => status === 413)).toBe(true);
      expect(report.mostSent).toBeLessThan(32 * 1024 * 1024);
      expect(after.peak - Math.max(before.peak, before.rss)).toBeLessThan(96 * 1024);
    },
    TIMEOUT,
  );

  it(
    'frees the sockets of slow clients at the request time-out while others are served',
    async () => {
      const report = await runSlowProbe(provider.port, FULL ? 200 : 10, 8000);
      figures['slowloris'] = report;
      expect(report.freed).toBe(report.clients);
      expect(report.bystanderStatus).toBe(200);
      expect(report.bystanderMs).toBeLessThan(2000);
    },
    TIMEOUT,
  );

  it(
    'refuses over-budget sends and guesses from any number of addresses with 429 and Retry-After, never 5xx',
    async () => {
      const report = await runBudgetProbe(provider.port, {
        perAddress: BUDGET + 20,
        addresses: FULL ? 500 : BUDGET + 20,
      });
      figures['budgets'] = report;
      expect(report.serverErrors).toEqual([]);
      expect(report.refusedWithoutRetryAfter).toBe(0);
      for (const scenario of [
        'sends from one address',
        'guesses from one address',
        'sends from many addresses',
      ]) {
        expect([scenario, report.refused[scenario] ?? 0]).not.toEqual([scenario, 0]);
      }
    },
    TIMEOUT,
  );

  it('logged no error and no 5xx for any of it', async () => {
    await new Promise((done) => setTimeout(done, 400));
    const log = provider.statuses();
    figures['requestsLogged'] = [...log.values()].reduce((sum, n) => sum + n, 0);
    expect(provider.errorLines()).toEqual([]);
  });
});
