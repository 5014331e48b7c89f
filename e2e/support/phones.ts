/** A US test number in national and E.164 form: the widget takes the first, the inbox the second. */
export interface TestPhone {
  national: string;
  e164: string;
}

// Playwright numbers its worker processes uniquely within a run (the provider's data is fresh per
// run); lines from 2000 up stay clear of passcode.spec's random 01xx numbers.
const WORKER = Number(process.env['TEST_WORKER_INDEX'] ?? 0) % 80;
let issued = 0;

/** A 201-555-xxxx number no other test of this run uses, so tests never read each other's codes. */
export function uniquePhone(): TestPhone {
  const line = String(2000 + WORKER * 100 + (issued++ % 100));
  return { national: `201555${line}`, e164: `+1201555${line}` };
}
