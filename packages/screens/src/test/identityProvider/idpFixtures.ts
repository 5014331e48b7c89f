import { mswConfig, type Override } from '@latch/msw';
import type { MountState } from '@latch/protocol';
import { applyMountStateAtom, mountStateAtom } from '../../state/widgetAtoms';
import type { ProviderServer } from '../providerServer';
import { uniqueEmail } from '../providerServer';
import { renderWidget, type WidgetSetup } from '../renderWidget';

/** Shared set-up for the identity-provider mount's tests. */
export const CALLBACK = 'https://notes.example/callback';
export const AUTHORIZE_SEARCH = `?client_id=notes&redirect_uri=${encodeURIComponent(CALLBACK)}&scope=openid%20email%20read:notes%20delete:all&state=s1`;
export const LOGOUT_SEARCH = `?client_id=notes&post_logout_redirect_uri=${encodeURIComponent('https://notes.example/')}&state=s2`;
/** The same request from the first-party app, which never asks for consent. */
export const FIRST_PARTY_SEARCH = AUTHORIZE_SEARCH.replace('client_id=notes', 'client_id=notes-app');

/** The test project with the Notes apps connected and `read:notes` a grantable custom scope. */
export function idpConfig() {
  const config = mswConfig();
  for (const project of config.projects) {
    project.rbac_scopes = [{ scope: 'read:notes', description: 'Read your notes' }];
    const app = {
      client_description: '',
      redirect_urls: [CALLBACK],
      post_logout_redirect_urls: ['https://notes.example/'],
    };
    project.connected_apps = [
      { ...app, client_id: 'notes', client_name: 'Notes', client_type: 'third_party' },
      { ...app, client_id: 'notes-app', client_name: 'Notes', client_type: 'first_party' },
    ];
  }
  return config;
}

/** A signed-in user's session, as the host hands it to the mount. */
export async function idpSession(provider: ProviderServer) {
  const { session_token, session_jwt } = await provider.signUpWithPassword(
    uniqueEmail(),
    'correct-Horse-battery-staple-91',
  );
  return { session_token, session_jwt };
}

/** Rewrites the `data` of the provider's real answer. */
const rewriteData =
  (rewrite: (data: Record<string, unknown>) => void): Override =>
  async ({ passThrough }) => {
    const answer = (await (await passThrough()).json()) as { data: Record<string, unknown> };
    rewrite(answer.data);
    return Response.json(answer);
  };

/*
 * Shapes the API allows but this provider never answers: its config requires a client name, and a
 * submit always redirects. The screens handle both, so the tests put them in the real answer.
 */
export const namelessClient = rewriteData((data) => {
  if (typeof data['client'] === 'object' && data['client'] !== null)
    Object.assign(data['client'], { client_name: '' });
});
export const noRedirect = rewriteData((data) => {
  data['redirect_uri'] = '';
});

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
