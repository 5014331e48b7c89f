import { useAtomValue } from 'jotai';
import { Fragment, Suspense, type ComponentType } from 'react';
import { Divider } from '../components/Divider';
import { Spinner } from '../components/Spinner';
import { configErrors } from '../config/configErrors';
import { usePasskeyButtonShown } from '../products/passkeys/usePasskeyButtonShown';
import type { MainBlockId } from '../registry/products';
import { mainBlocks } from '../registry/resolveScreen';
import { errorDescriptorAtom } from '../state/formAtoms';
import { configAtom } from '../state/widgetAtoms';
import { useT } from '../strings/StringsContext';
import { MAIN_BLOCK_COMPONENTS } from './mainBlockComponents';

export interface MainScreenProps {
  logoUrl: string | null;
  hideHeaderText: boolean;
}

type Block = { id: MainBlockId; Block: ComponentType };

/** OAuth and crypto wallets are one group ("Continue with ..." buttons): together, no 'or' between. */
const SOCIAL: ReadonlySet<MainBlockId> = new Set(['oauth', 'crypto']);

/** The blocks in groups: the social blocks joined at the first one's place, every other block alone. */
function groups(blocks: readonly Block[]): Block[][] {
  const social = blocks.filter((b) => SOCIAL.has(b.id));
  return blocks.flatMap((b) => (!SOCIAL.has(b.id) ? [[b]] : b === social[0] ? [social] : []));
}

/** Main: logo, header, configuration errors or the configured products' blocks with 'or' between groups. */
export function MainScreen({ logoUrl, hideHeaderText }: MainScreenProps) {
  const t = useT();
  const config = useAtomValue(configAtom);
  const descriptor = useAtomValue(errorDescriptorAtom);
  const errors = configErrors(config);
  const passkeyButton = usePasskeyButtonShown(config);
  const blocks = mainBlocks(config.products).flatMap((id): Block[] => {
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
          {groups(blocks).map((group, index) => (
            <Fragment key={group[0]?.id}>
              {index > 0 && <Divider />}
              {group.length > 1 ? (
                <div className="latch-social">
                  {group.map(({ id, Block }) => (
                    <Block key={id} />
                  ))}
                </div>
              ) : (
                group.map(({ id, Block }) => <Block key={id} />)
              )}
            </Fragment>
          ))}
        </Suspense>
      )}
    </div>
  );
}
