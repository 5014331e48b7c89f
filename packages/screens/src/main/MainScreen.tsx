import { useAtomValue } from 'jotai';
import { Fragment, Suspense, type ComponentType } from 'react';
import { Divider } from '../components/Divider';
import { Spinner } from '../components/Spinner';
import { configErrors } from '../config/configErrors';
import { usePasskeyButtonShown } from '../products/passkeys/usePasskeyButtonShown';
import { errorDescriptorAtom } from '../state/formAtoms';
import { configAtom } from '../state/widgetAtoms';
import { useT } from '../strings/StringsContext';
import { MAIN_BLOCKS, mainBlocks } from './mainBlocks';
import type { MainBlockId } from '@latch/protocol';

export interface MainScreenProps {
  logoUrl: string | null;
  hideHeaderText: boolean;
}

type Block = { id: MainBlockId; Block: ComponentType };

const groupOf = (block: Block) => MAIN_BLOCKS[block.id].group ?? null;

/** The blocks in groups: a group's blocks joined at the first one's place, every other block alone. */
function groups(blocks: readonly Block[]): Block[][] {
  return blocks.flatMap((b) => {
    const group = groupOf(b);
    if (group === null) return [[b]];
    const members = blocks.filter((other) => groupOf(other) === group);
    return b === members[0] ? [members] : [];
  });
}

/** One group's blocks: a social group in its wrapper, any other block alone. */
function Group({ blocks }: { blocks: Block[] }) {
  return blocks.length > 1 ? (
    <div className="latch-social">
      {blocks.map(({ id, Block }) => (
        <Block key={id} />
      ))}
    </div>
  ) : (
    blocks.map(({ id, Block }) => <Block key={id} />)
  );
}

/** Main: logo, header, configuration errors or the configured products' blocks with 'or' between groups. */
export function MainScreen({ logoUrl, hideHeaderText }: MainScreenProps) {
  const t = useT();
  const config = useAtomValue(configAtom);
  const descriptor = useAtomValue(errorDescriptorAtom);
  const errors = configErrors(config);
  const passkeyButton = usePasskeyButtonShown(config);
  const blocks = mainBlocks(config.products).flatMap((id): Block[] =>
    id === 'passkeyButton' && !passkeyButton ? [] : [{ id, Block: MAIN_BLOCKS[id].block.Component }],
  );
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
      {errors.length > 0
        ? errors.map((id) => (
            <p key={id} className="latch-config-error" role="alert">
              {t(id)}
            </p>
          ))
        : groups(blocks).map((group, index) => (
            <Fragment key={group[0]?.id}>
              {index > 0 && <Divider />}
              {/* A block of the first chunk stays out of any boundary: hydration makes it live first. */}
              {group.every(({ id }) => MAIN_BLOCKS[id].block.eager) ? (
                <Group blocks={group} />
              ) : (
                <Suspense fallback={<Spinner />}>
                  <Group blocks={group} />
                </Suspense>
              )}
            </Fragment>
          ))}
    </div>
  );
}
