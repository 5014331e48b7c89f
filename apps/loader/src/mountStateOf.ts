import { PROTOCOL_VERSION, type MountState } from '@latch/protocol';
import type { MountParts } from './mountContext';

/**
 * What the frame renders from, now: the mount's latest validated options, the session the host
 * holds and the host's query.
 */
export function mountStateOf(parts: Pick<MountParts, 'kind' | 'spec' | 'session'>): MountState {
  const { kind } = parts;
  const spec = parts.spec();
  const state: MountState = {
    protocolVersion: PROTOCOL_VERSION,
    kind,
    config: spec.config,
    styles: spec.styles,
    strings: spec.strings,
    session: parts.session.tokens(),
    hostSearch: location.search.slice(0, 8192),
    hasConsentManifest: !!spec.getIDPConsentManifest,
    autoFocus: spec.autoFocus,
  };
  if (spec.passwordResetToken !== undefined) state.passwordResetToken = spec.passwordResetToken;
  if (spec.authTokenParams) state.authTokenParams = spec.authTokenParams;
  return state;
}
