import { oneTapProvider } from '@latch/protocol';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/Spinner';
import { configAtom } from '../../state/widgetAtoms';
import { loadCatalogue } from '../../strings/catalogueLoader';
import OAuthButtons from './OAuthButtons';

// Its own chunk: only a mount that uses Google One Tap fetches it (and then Google's script). It
// reports its errors from effects with strings of the catalogue's second part: they come with it.
const GoogleOneTap = lazy(() =>
  Promise.all([import('./oneTap/GoogleOneTap'), loadCatalogue()]).then(([module]) => module),
);

/** Main's OAuth block: Google One Tap when the config asks for it, the OAuth buttons otherwise. */
export default function OAuthBlock() {
  const config = useAtomValue(configAtom);
  if (!oneTapProvider(config)) return <OAuthButtons />;
  return (
    <Suspense fallback={<Spinner />}>
      <GoogleOneTap />
    </Suspense>
  );
}
