import { useAtomValue } from 'jotai';
import { bootstrapAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';

/** The logout screen: 'Log out?' with Yes and No. */
export function LogoutConfirm({ onYes, onNo }: { onYes: () => void; onNo: () => void }) {
  const t = useT();
  const { projectName } = useAtomValue(bootstrapAtom);
  return (
    <div className="latch-screen latch-idp">
      <h1 className="latch-title">{t('idp.logout.title')}</h1>
      <p className="latch-text">{t('idp.logout.body', { projectName })}</p>
      <button type="button" className="latch-button" onClick={onYes}>
        {t('idp.logout.yes')}
      </button>
      <button type="button" className="latch-button latch-button-secondary" onClick={onNo}>
        {t('idp.logout.no')}
      </button>
    </div>
  );
}
