import { AuthError } from '../errors/AuthError';

/** Emails are stored trimmed and lower-cased: one account per address per project. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

// Pragmatic check (RFC 5321 lengths, one @, a dotted domain of letter/digit/hyphen labels): the
// real proof of an address is the message we send to it.
const LOCAL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** True for a plausible address (after `normalizeEmail`). */
export function isValidEmail(email: string): boolean {
  if (email.length > 254) return false;
  const at = email.lastIndexOf('@');
  if (at < 1 || at !== email.indexOf('@')) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  if (local.length > 64 || !LOCAL.test(local) || local.startsWith('.') || local.endsWith('.')) return false;
  if (local.includes('..') || labels.length < 2) return false;
  return labels.every((label) => LABEL.test(label)) && /^[A-Za-z]{2,}$/.test(labels.at(-1) ?? '');
}

/** The address a request names, normalized, or null when it is not plausible. */
export function parseEmail(raw: string): string | null {
  const email = normalizeEmail(raw);
  return isValidEmail(email) ? email : null;
}

/** `parseEmail` for API requests: a bad address is `invalid_email`. */
export function requireEmail(raw: string): string {
  const email = parseEmail(raw);
  if (email === null) throw new AuthError('invalid_email', 'The email address is not valid.');
  return email;
}
