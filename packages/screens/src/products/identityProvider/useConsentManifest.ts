import { consentManifestSchema, readValue, type ConsentManifest } from '@latch/protocol';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useServices } from '../../services/ServicesContext';
import { mountStateAtom } from '../../state/widgetAtoms';

export type ManifestState =
  { status: 'pending' } | { status: 'none' } | { status: 'ready'; manifest: ConsentManifest };

/**
 * The host's own consent wording (`getIDPConsentManifest`), when it supplied one. Anything that
 * goes wrong — the host throws, answers late with junk, the channel drops — is reported to the
 * host and the default consent screen shows instead.
 */
export function useConsentManifest(scopes: string[], clientName: string): ManifestState {
  const { hasConsentManifest } = useAtomValue(mountStateAtom);
  const { host } = useServices();
  const ask = hasConsentManifest ? host.getConsentManifest : undefined;
  const [state, setState] = useState<ManifestState>(ask ? { status: 'pending' } : { status: 'none' });
  const key = scopes.join(' ');

  useEffect(() => {
    if (!ask) {
      setState({ status: 'none' });
      return;
    }
    let live = true;
    const fallBack = (why: string) => {
      if (!live) return;
      setState({ status: 'none' });
      void host
        .reportError({ message: `getIDPConsentManifest failed, the default consent screen is shown: ${why}` })
        .catch(() => undefined);
    };
    setState({ status: 'pending' });
    ask({ scopes: key ? key.split(' ') : [], clientName }).then(
      ({ manifest }) => {
        const checked = readValue(consentManifestSchema, manifest, 'manifest');
        if (!live) return;
        if (checked.ok) setState({ status: 'ready', manifest: checked.value });
        else fallBack(checked.error);
      },
      (error: unknown) => fallBack(error instanceof Error ? error.message : 'the host did not answer'),
    );
    return () => {
      live = false;
    };
  }, [ask, host, key, clientName]);

  return state;
}
