import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { ErrorText } from '../../components/ErrorText';
import { useEarlyInput } from '../../hooks/useEarlyInput';
import { useInFlight } from '../../hooks/useInFlight';
import { loadPhoneLib } from '../../phone/loadPhoneLib';
import { createTypingFormatter, parsePhoneForSubmit } from '../../phone/parsePhone';
import type { CountryOption } from '../../phone/phoneLib';
import { DEFAULT_COUNTRY, loginEntryAtom, updateLoginEntryAtom } from '../../state/formAtoms';
import { useT } from '../../strings/StringsContext';
import { CountrySelect } from './CountrySelect';
import { usePhoneSubmit } from './usePhoneSubmit';

/**
 * Phone number with a country selector (default US) for text-message or WhatsApp passcodes. The
 * country and number live in the form state, so Back from the passcode screen finds them as left.
 */
export function PhoneForm({ channel }: { channel: 'sms' | 'whatsapp' }) {
  const t = useT();
  const id = useId();
  const { country, phone } = useAtomValue(loginEntryAtom);
  const updateEntry = useSetAtom(updateLoginEntryAtom);
  const setCountry = (value: CountryOption) => updateEntry({ country: value });
  const setPhone = (value: string) => updateEntry({ phone: value });
  // Until the phone library has loaded, the list holds the chosen country alone.
  const [countries, setCountries] = useState<CountryOption[]>(() => [country]);
  const [error, setError] = useState('');
  const { busy, run } = useInFlight();
  const submit = usePhoneSubmit(channel);
  // Typed or autofilled into the server-rendered field before hydration.
  const early = useEarlyInput((values) => {
    const typed = values.get('phone');
    if (typed !== undefined) setPhone(typed);
  });
  const format = useMemo(() => createTypingFormatter(loadPhoneLib), []);

  useEffect(() => {
    let live = true;
    loadPhoneLib()
      .then((lib) => live && setCountries(lib.countryOptions()))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const onPhoneChange = (value: string) => {
    const grew = value.replace(/\D/g, '').length > phone.replace(/\D/g, '').length;
    setPhone(value);
    // Formatting only as digits are added, so deleting a bracket or a space is never undone.
    if (!grew) return;
    void format(value, country.code).then((formatted) => {
      if (formatted !== null) setPhone(formatted);
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!phone.trim()) return setError(t('formField.required'));
    void run(async () => {
      const parsed = await parsePhoneForSubmit(phone, country.code, country.dialCode, loadPhoneLib);
      setError(parsed.ok ? await submit(parsed.e164) : t('validation.phone.format'));
    });
  };

  return (
    <form className="latch-form" noValidate onSubmit={onSubmit} {...early}>
      <label className="latch-label" htmlFor={`${id}-phone`}>
        {t('formField.phone.label')}
      </label>
      <div className="latch-phone-row">
        <CountrySelect
          countries={countries}
          country={country}
          onChange={(code) => setCountry(countries.find((c) => c.code === code) ?? DEFAULT_COUNTRY)}
        />
        <input
          id={`${id}-phone`}
          className="latch-input"
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          required
          value={phone}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onPhoneChange(e.target.value)}
        />
      </div>
      <ErrorText id={`${id}-error`} text={error} />
      <Button type="submit" busy={busy}>
        {t(channel === 'sms' ? 'button.continueWithText' : 'button.continueWithWhatsApp')}
      </Button>
    </form>
  );
}
