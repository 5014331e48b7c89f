import { useAtomValue } from 'jotai';
import { Fragment, Suspense } from 'react';
import { Divider } from '../components/Divider';
import { Spinner } from '../components/Spinner';
import { configErrors } from '../config/configErrors';
import { usePasskeyButtonShown } from '../products/passkeys/usePasskeyButtonShown';
import { mainBlocks } from '../registry/resolveScreen';
import { errorDescriptorAtom } from '../state/formAtoms';
import { configAtom } from '../state/widgetAtoms';
import { useT } from '../strings/StringsContext';
import { MAIN_BLOCK_COMPONENTS } from './mainBlockComponents';

export interface MainScreenProps {
  logoUrl: string | null;
  hideHeaderText: boolean;
}

/** Main: logo, header, configuration errors or the configured products' blocks with 'or' between. */
export function MainScreen({ logoUrl, hideHeaderText }: MainScreenProps) {
  const t = useT();
  const config = useAtomValue(configAtom);
  const descriptor = useAtomValue(errorDescriptorAtom);
  const errors = configErrors(config);
  const passkeyButton = usePasskeyButtonShown(config);
  const blocks = mainBlocks(config.products).flatMap((id) => {
    const Block = MAIN_BLOCK_COMPONENTS[id];
    if (id === 'passkeyButton' && !passkeyButton) return [];
    return Block ? [{ id, Block }] : [];
  });
  return (
    <div className="latch-main">
      {logoUrl && <img className="latch-logo" src={logoUrl} alt={t('logo.alt')} />}
      {/* Hidden header text stays for screen readers: every screen keeps its one h1. */}
      <h1 className={hideHeaderText ? 'latch-visually-hidden' : 'latch-title'}>{t('login.title')}</h1>
      {descriptor && (
        <p className="latch-banner" role="alert">
          {'id' in descriptor ? t(descriptor.id) : descriptor.message}
        </p>
      )}
      {errors.length > 0 ? (
        errors.map((id) => (
          <p key={id} className="latch-config-error" role="alert">
            {t(id)}
          </p>
        ))
      ) : (
        <Suspense fallback={<Spinner />}>
          {blocks.map(({ id, Block }, index) => (
            <Fragment key={id}>
              {index > 0 && <Divider />}
              <Block />
            </Fragment>
          ))}
        </Suspense>
      )}
    </div>
  );
}
