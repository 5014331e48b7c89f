import { deviceName } from './deviceName';

/**
 * AAGUIDs of common passkey providers (from the community passkey-authenticator-aaguids list),
 * so a new passkey is named after where it lives; anything else after the browser that made it.
 */
const KNOWN_AAGUIDS: Readonly<Record<string, string>> = {
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome on Mac',
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  '9ddd1817-af5a-4672-a2b9-3e3dd95000a9': 'Windows Hello',
  '6028b017-b1d4-4c02-b4b3-afcdafc96bb2': 'Windows Hello',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
};

export const DEFAULT_PASSKEY_NAME = 'Passkey';

/**
 * The name a registration gets until the user renames it: after its authenticator, else after the
 * registering browser and system ('Chrome on Mac'), else "Passkey"; numbered when the user already
 * has one of that name ("Chrome on Mac 2"), so a list never shows twins.
 */
export function defaultPasskeyName(
  aaguid: string,
  takenNames: readonly string[] = [],
  userAgent = '',
): string {
  const base = KNOWN_AAGUIDS[aaguid.toLowerCase()] ?? deviceName(userAgent) ?? DEFAULT_PASSKEY_NAME;
  const taken = new Set(takenNames);
  if (!taken.has(base)) return base;
  let number = 2;
  while (taken.has(`${base} ${number}`)) number += 1;
  return `${base} ${number}`;
}
