import { createHash } from 'node:crypto';

/**
 * The accounts the stand-ins know: whatever login a visitor types. `name@example.com` is an
 * account whose address the provider verified; `unverified:name@example.com` one it did not;
 * `noemail:name` one that shares no address.
 */
export interface StandInAccount {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

export function standInAccount(login: string): StandInAccount {
  const subject = `sub-${createHash('sha256').update(login).digest('hex').slice(0, 24)}`;
  const [kind, rest] = login.includes(':') ? (login.split(':', 2) as [string, string]) : ['verified', login];
  const email = kind === 'noemail' ? null : rest;
  const local = (email ?? rest).split('@')[0] ?? rest;
  return {
    subject,
    email,
    emailVerified: kind === 'verified',
    name: `${local[0]?.toUpperCase() ?? ''}${local.slice(1)} Tester`,
  };
}
