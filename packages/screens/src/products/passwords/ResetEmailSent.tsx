import { useAtomValue } from 'jotai';
import { BackButton } from '../../components/BackButton';
import { useErrorReporter } from '../../errors/useErrorReporter';
import { useFlow } from '../../hooks/useFlow';
import { useInFlight } from '../../hooks/useInFlight';
import { passwordStateAtom } from '../../state/formAtoms';
import type { StringId } from '@latch/protocol';
import { useT } from '../../strings/StringsContext';
import { useToast } from '../../toast/useToast';
import { useResetEmail } from './useResetEmail';

/** A reset email went to the stored address; 'Resend email' sends it again and says so in a toast. */
export function ResetEmailSent({ title, body }: { title: StringId; body: StringId }) {
  const t = useT();
  const dispatch = useFlow();
  const { email } = useAtomValue(passwordStateAtom);
  const sendResetEmail = useResetEmail();
  const toast = useToast();
  const report = useErrorReporter();
  const { busy, run } = useInFlight();

  const resend = () =>
    void run(async () => {
      try {
        await sendResetEmail();
        toast('success', t('password.emailResent'));
      } catch (error) {
        toast('error', report(error));
      }
    });

  return (
    <div className="latch-screen">
      <BackButton onClick={() => dispatch('back')} />
      <h1 className="latch-title">{t(title)}</h1>
      <p className="latch-text">{t(body, { email })}</p>
      <p className="latch-helper">
        {t('passcode.didntGetIt')}{' '}
        <button type="button" className="latch-link-button" onClick={resend} aria-disabled={busy}>
          {t('password.resendEmail')}
        </button>
      </p>
    </div>
  );
}
