import { useState } from 'react';
import { BackButton } from '../../components/BackButton';
import { ErrorText } from '../../components/ErrorText';
import { useFlow } from '../../hooks/useFlow';
import { useInFlight } from '../../hooks/useInFlight';
import { DEFAULTS } from '@latch/protocol';
import { useT } from '../../strings/StringsContext';
import { OtpInput } from './OtpInput';
import { ResendCode } from './ResendCode';
import { formatMinutes, useCountdown } from './useCountdown';
import { useVerifyPasscode } from './useVerifyPasscode';

/** 'Enter passcode': six digits, a countdown to expiry, resend. */
export function OtpAuthenticate() {
  const t = useT();
  const dispatch = useFlow();
  const { otp, verify, resend, expirationMinutes } = useVerifyPasscode();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [expiresAt, setExpiresAt] = useState(() => Date.now() + expirationMinutes * 60_000);
  const secondsLeft = useCountdown(expiresAt);
  const { busy, run } = useInFlight();

  const submit = (value: string) =>
    void run(async () => {
      setError('');
      const message = await verify(value);
      if (message) {
        setError(message);
        setCode('');
      }
    });

  const onResend = async () => {
    const failure = await resend();
    if (!failure) setExpiresAt(Date.now() + expirationMinutes * 60_000);
    return failure;
  };

  return (
    <div className="latch-screen">
      <BackButton onClick={() => dispatch('back')} />
      <h1 className="latch-title">{t('passcode.title')}</h1>
      <p className="latch-text">{t('passcode.sentTo', { destination: otp.otpDestination })}</p>
      <OtpInput
        length={DEFAULTS.passcodeLength}
        value={code}
        disabled={busy}
        onChange={setCode}
        onComplete={submit}
        invalid={Boolean(error)}
        describedBy="latch-otp-error"
      />
      <ErrorText id="latch-otp-error" text={error} />
      {busy && (
        <div className="latch-verifying">
          <p className="latch-helper">{t('passcode.verifying')}</p>
          <div className="latch-progress" role="progressbar" aria-label={t('passcode.verifying')}>
            <span />
          </div>
        </div>
      )}
      <p className="latch-helper" aria-live="off">
        {secondsLeft > 0
          ? t('passcode.expiresIn', { time: formatMinutes(secondsLeft) })
          : t('passcode.expired')}
      </p>
      <ResendCode onResend={onResend} />
    </div>
  );
}
