import { useEffect, useRef } from 'react';
import { useEmitEvent } from '../../hooks/useEmitEvent';
import { useT } from '../../strings/StringsContext';

/** 'Success!' after a wallet sign-in; the flow-complete event fires once on display. */
export function CryptoConfirmation() {
  const t = useT();
  const emit = useEmitEvent();
  const emitted = useRef(false);
  useEffect(() => {
    if (emitted.current) return;
    emitted.current = true;
    emit('AUTHENTICATE_FLOW_COMPLETE', {});
  }, [emit]);
  return (
    <div className="latch-screen latch-success">
      <h1 className="latch-title">{t('success.title')}</h1>
    </div>
  );
}
