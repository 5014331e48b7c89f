import {
  formatIncompletePhoneNumber,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';

/*
 * The phone metadata (tens of kB). Loaded only when a text-message or WhatsApp passcode is
 * configured, through loadPhoneLib(), so other configurations never download it.
 */

export interface CountryOption {
  code: string;
  dialCode: string;
  name: string;
}

export function countryOptions(): CountryOption[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return getCountries()
    .map((code) => ({ code, dialCode: getCountryCallingCode(code), name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function asCountry(code: string): CountryCode | undefined {
  return getCountries().find((c) => c === code);
}

/** The national format of what the visitor typed so far, e.g. `(201) 555-01`. */
export function formatNational(input: string, country: string): string {
  const code = asCountry(country);
  return code ? formatIncompletePhoneNumber(input, code) : input;
}

/** E.164 for a valid number in the chosen country (or typed with its own `+` prefix), else null. */
export function toE164(input: string, country: string): string | null {
  const code = asCountry(country);
  const parsed = code ? parsePhoneNumberFromString(input, code) : parsePhoneNumberFromString(input);
  return parsed?.isValid() ? parsed.number : null;
}
