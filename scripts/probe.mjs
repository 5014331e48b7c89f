// `npm run probe -- [size] [seed]`: the attacker's probe of the provider at full size (default
// 50,000 requests), the same probe `npm test` runs small (apps/provider/test/probe/probe.test.ts):
// raw-socket framing fuzz with keep-alive reuse, the poison matrix, 250 MB bodies, slowloris and
// budgets from many addresses, against a provider process on a free port. Prints the figures
// (requests, 5xx, resets, memory) as one JSON line; exits non-zero when a probe finds a fault.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [size = '50000', seed = '38'] = process.argv.slice(2);
if (!/^\d+$/.test(size) || !/^\d+$/.test(seed)) {
  console.error('Usage: npm run probe -- [size] [seed]   (whole numbers; size: requests, about)');
  process.exit(2);
}
const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--project', 'node', 'apps/provider/test/probe/probe.test.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, LATCH_PROBE_SIZE: size, LATCH_PROBE_SEED: seed, LATCH_PROBE_REPORT: '1' },
  },
);
process.exit(result.status ?? 1);
