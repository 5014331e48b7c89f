import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useServices } from '../../services/ServicesContext';
import { announceAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';

/** The identity provider's error screen; the container's live region announces the message. */
export function IdpError({ message }: { message: string }) {
  const t = useT();
  return (
    <div className="latch-screen latch-idp">
      <h1 className="latch-title">{t('idp.error.title')}</h1>
      <p className="latch-config-error">{message}</p>
    </div>
  );
}

/** A message that ends the flow (missing parameter, no session), reported to the host once. */
export function ReportedIdpError({ message }: { message: string }) {
  const { host } = useServices();
  const announce = useSetAtom(announceAtom);
  useEffect(() => {
    announce(message);
    void host.reportError({ message }).catch(() => undefined);
  }, [host, message, announce]);
  return <IdpError message={message} />;
}

/** A final text with nothing left to do (denied, not logged out). */
export function IdpNotice({ text }: { text: string }) {
  return (
    <div className="latch-screen latch-idp">
      <p className="latch-text" role="status">
        {text}
      </p>
    </div>
  );
}
