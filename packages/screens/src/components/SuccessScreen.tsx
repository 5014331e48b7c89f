import type { StringId } from '@latch/protocol';
import { useEffect, useRef } from 'react';
import { useEmitEvent } from '../hooks/useEmitEvent';
import { useT } from '../strings/StringsContext';
import './successScreen.css';

/**
 * The 'Success!' screen a sign-in ends on, with the product's own line under it. It emits the
 * flow-complete event once when it shows (not on every render), so hosts can react to the sign-in.
 */
export function SuccessScreen({ body }: { body?: StringId }) {
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
      <span className="latch-success-mark" aria-hidden="true" />
      <h1 className="latch-title">{t('success.title')}</h1>
      {body && <p className="latch-text">{t(body)}</p>}
    </div>
  );
}
