import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { ProjectConfig } from '../config/configSchema';
import { AuthError } from '../errors/AuthError';
import { requirePhoneNumber } from '../users/phone';

/**
 * The E.164 number a passcode may be texted to: 400 `invalid_phone_number` when it is not one, 400
 * `invalid_phone_number_country_code` when the project lists `allowed_phone_countries` and the
 * number's country is not among them (or cannot be told), before anything is stored or sent: SMS
 * pumping aims at premium ranges abroad.
 */
export function requireSendablePhone(
  project: Pick<ProjectConfig, 'allowed_phone_countries'>,
  raw: string,
): string {
  const phone = requirePhoneNumber(raw);
  const allowed = project.allowed_phone_countries;
  if (allowed === undefined) return phone;
  const country = parsePhoneNumberFromString(phone)?.country;
  if (country !== undefined && allowed.includes(country)) return phone;
  throw new AuthError(
    'invalid_phone_number_country_code',
    country === undefined
      ? 'The country of this phone number could not be determined, and this project sends messages only to numbers of some countries.'
      : `This project does not send messages to phone numbers in ${country}.`,
  );
}
