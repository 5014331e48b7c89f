import type { MountState, StringId } from '@latch/protocol';
import { configErrors } from './configErrors';
import { unhonouredMessage, unhonouredOptions } from './unhonouredOptions';

/** What the host must change, for the rules whose on-screen text does not say it. */
const FIXES: Partial<Record<StringId, string>> = {
  'config.error.emlAndEmailOtp':
    "Remove 'email' from otpOptions.methods, or 'emailMagicLinks' from products.",
};

/**
 * The messages the host's `onError` gets for one set of options: each configuration error of a
 * login mount (its on-screen text, then what to change) and each option that has no effect yet.
 */
export function configReport(mount: MountState, t: (id: StringId) => string): string[] {
  const errors = mount.kind === 'login' ? configErrors(mount.config) : [];
  return [
    ...errors.map((id) => withFix(t(id), FIXES[id])),
    ...unhonouredOptions(mount).map(unhonouredMessage),
  ];
}

/** The on-screen text, closed as a sentence, then what to change. */
function withFix(text: string, fix: string | undefined): string {
  if (!fix) return text;
  return `${text}${/[.!?]$/.test(text) ? '' : '.'} ${fix}`;
}
