import type { SessionTokens } from '@latch/api';
import { PROTOCOL_VERSION, type MountKind, type MountState } from '@latch/protocol';
import type { MountSpec } from './readMountOptions';

/** What the frame renders from: the validated mount options, the session and the host's query. */
export function mountStateOf(kind: MountKind, spec: MountSpec, session: SessionTokens | null): MountState {
  const state: MountState = {
    protocolVersion: PROTOCOL_VERSION,
    kind,
    config: spec.config,
    styles: spec.styles,
    strings: spec.strings,
    session,
    hostSearch: location.search.slice(0, 8192),
    hasConsentManifest: !!spec.getIDPConsentManifest,
    autoFocus: spec.autoFocus,
  };
  if (spec.passwordResetToken !== undefined) state.passwordResetToken = spec.passwordResetToken;
  if (spec.authTokenParams) state.authTokenParams = spec.authTokenParams;
  return state;
}
