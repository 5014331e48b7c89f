import type { CountryOption } from '../../phone/phoneLib';
import { useT } from '../../strings/StringsContext';

interface CountrySelectProps {
  countries: CountryOption[];
  country: CountryOption;
  onChange: (code: string) => void;
}

/**
 * The phone country: a native select (full names with dial codes in its list) under a short
 * 'US +1' face, so the closed control shows what will be dialled instead of a truncated name.
 */
export function CountrySelect({ countries, country, onChange }: CountrySelectProps) {
  const t = useT();
  return (
    <div className="latch-country">
      <span className="latch-select latch-country-face" aria-hidden="true">
        {`${country.code} +${country.dialCode}`}
      </span>
      <select
        className="latch-country-select"
        aria-label={t('formField.country.label')}
        value={country.code}
        onChange={(e) => onChange(e.target.value)}
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {`${c.name} +${c.dialCode}`}
          </option>
        ))}
      </select>
    </div>
  );
}
