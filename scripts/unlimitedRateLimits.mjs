// The provider configs of the benchmark and the gallery: every request comes from one address at a
// rate no visitor reaches, so the abuse budgets stand aside.
const GENEROUS = { limit: 1_000_000, per_seconds: 60 };

export const UNLIMITED_RATE_LIMITS = Object.fromEntries(
  [
    'sends_per_destination',
    'spare_sends_per_destination',
    'sends_per_ip',
    'sends_per_project',
    'guesses_per_ip',
    'events_per_ip',
    'events_per_project',
  ].map((name) => [name, GENEROUS]),
);
