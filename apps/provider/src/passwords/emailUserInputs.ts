/**
 * Words from an email that a password must not lean on: the local part (whole, split on separators
 * and re-joined) and each domain label. zxcvbn ranks these as its most guessable dictionary.
 */
export function emailUserInputs(email: string | undefined): string[] {
  if (!email) return [];
  const at = email.lastIndexOf('@');
  const local = (at === -1 ? email : email.slice(0, at)).toLowerCase();
  const domain = at === -1 ? '' : email.slice(at + 1).toLowerCase();
  const localParts = local.split(/[._+-]+/).filter(Boolean);
  const inputs = [local, ...localParts, localParts.join(''), ...domain.split('.')];
  return [...new Set(inputs.filter((word) => word.length > 0))];
}
