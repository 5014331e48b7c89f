import type { CountryOption } from './phoneLib';
import type { PhoneLib } from './parsePhone';

type PhoneModule = PhoneLib & { countryOptions: () => CountryOption[] };

let pending: Promise<PhoneModule> | null = null;

/** Fetches the phone metadata chunk once; a failed fetch may be retried later. */
export function loadPhoneLib(): Promise<PhoneModule> {
  pending ??= import('./phoneLib').catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
