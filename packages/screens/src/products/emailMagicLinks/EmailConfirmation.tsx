import { useAtomValue } from 'jotai';
import { useFlow } from '../../hooks/useFlow';
import { useServices } from '../../services/ServicesContext';
import { magicLinkEmailAtom } from '../../state/formAtoms';
import { bootstrapAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { mailLinks } from './mailLinks';

/** 'Check your email' after a magic link was sent; 'Try again' goes back to Main. */
export function EmailConfirmation() {
  const t = useT();
  const email = useAtomValue(magicLinkEmailAtom);
  const { emailDomains } = useAtomValue(bootstrapAtom);
  const { eventLog } = useServices();
  const dispatch = useFlow();
  const links = mailLinks(emailDomains[0]);
  const tryAgain = () => {
    eventLog.log('email_try_again_clicked', { email, type: 'login_or_create_eml' });
    dispatch('tryAgain');
  };
  return (
    <div className="latch-screen">
      <h1 className="latch-title">{t('emailConfirmation.title')}</h1>
      <p className="latch-text">{t('emailConfirmation.body', { email })}</p>
      <ul className="latch-mail-links">
        <li>
          <a className="latch-link" href={links.gmail} target="_blank" rel="noopener noreferrer">
            {t('link.openInGmail')}
          </a>
        </li>
        <li>
          <a className="latch-link" href={links.yahoo} target="_blank" rel="noopener noreferrer">
            {t('link.openInYahoo')}
          </a>
        </li>
        <li>
          <a className="latch-link" href={links.outlook} target="_blank" rel="noopener noreferrer">
            {t('link.openInOutlook')}
          </a>
        </li>
      </ul>
      <button type="button" className="latch-button latch-button-secondary" onClick={tryAgain}>
        {t('button.tryAgain')}
      </button>
    </div>
  );
}
