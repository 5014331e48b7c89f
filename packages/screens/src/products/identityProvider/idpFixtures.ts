import type { IdpAuthorizeStartResponse, IdpScopeResult } from '@latch/api';
import type { MountState } from '@latch/protocol';
import { applyMountStateAtom, mountStateAtom } from '../../state/widgetAtoms';
import { renderWidget, type WidgetSetup } from '../../test/renderWidget';
import { authenticateResponse, ok, type StubReply } from '../../test/stubProvider';

/** Shared set-up for the identity-provider mount's tests. */
export const IDP_SESSION = { session_token: 'session-token-test', session_jwt: 'session-jwt-test' };
export const CALLBACK = 'https://notes.example/callback';
export const AUTHORIZE_SEARCH = `?client_id=notes&redirect_uri=${encodeURIComponent(CALLBACK)}&scope=openid%20email%20read:notes%20delete:all&state=s1`;
export const LOGOUT_SEARCH = `?client_id=notes&post_logout_redirect_uri=${encodeURIComponent('https://notes.example/')}&state=s2`;

export const scope = (name: string, is_grantable = true, description = ''): IdpScopeResult => ({
  scope: name,
  description,
  is_grantable,
});

export function startReply(patch: Partial<IdpAuthorizeStartResponse> = {}): StubReply {
  const { user } = authenticateResponse();
  return ok({
    user_id: user.user_id,
    user,
    client: { client_id: 'notes', client_name: 'Notes', client_type: 'third_party', client_description: '' },
    consent_required: true,
    scope_results: [
      scope('openid'),
      scope('email'),
      scope('read:notes', true, 'Read your notes'),
      scope('delete:all', false),
    ],
    ...patch,
  });
}

/** Renders the mount, then plays the host's `ready()` answer carrying the page query and session. */
export function renderIdp(mount: Partial<MountState>, setup: Omit<WidgetSetup, 'mount'> = {}) {
  const view = renderWidget({
    config: { products: [] },
    bootstrap: { projectName: 'Acme' },
    ...setup,
    mount: { kind: 'identity-provider', ...mount },
  });
  view.store.set(applyMountStateAtom, { ...view.store.get(mountStateAtom) });
  return view;
}
