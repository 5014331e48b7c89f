import { useAtomValue } from 'jotai';
import { bootstrapAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { ludsLines, type RequirementLine } from './ludsLines';
import { METER_SEGMENTS, meterFill } from './strengthMeter';
import type { StrengthView } from './useStrengthCheck';
import { translatePhrase, zxcvbnPhraseId } from './zxcvbnPhrases';

/** The policy's feedback under a new-password field: zxcvbn meter and hints, or LUDS lines. */
export function StrengthFeedback({ id, view }: { id: string; view: StrengthView }) {
  const t = useT();
  const { passwordConfig } = useAtomValue(bootstrapAtom);
  const strength = view.latest;
  if (!strength) return null;
  const policy = strength.strength_policy;
  const { suggestions } = strength.feedback;
  // A breached password gets the breached line below; zxcvbn's own breach warning would say it twice.
  const warning =
    strength.breached_password &&
    zxcvbnPhraseId(strength.feedback.warning) === 'password.zxcvbn.warning.pwned'
      ? ''
      : strength.feedback.warning;
  return (
    <div id={id} className="latch-strength">
      {policy === 'zxcvbn' && view.score !== null && <StrengthMeter score={view.score} />}
      {policy === 'zxcvbn' && warning && <p className="latch-error-text">{translatePhrase(warning, t)}</p>}
      {policy === 'zxcvbn' && suggestions.length > 0 && (
        <ul className="latch-strength-hints">
          {suggestions.map((s) => (
            <li key={s}>{translatePhrase(s, t)}</li>
          ))}
        </ul>
      )}
      {policy === 'luds' ? (
        <Requirements lines={ludsLines(strength, passwordConfig)} />
      ) : (
        strength.breached_password && <Requirements lines={[{ id: 'password.breached', met: false }]} />
      )}
    </div>
  );
}

function StrengthMeter({ score }: { score: number }) {
  const t = useT();
  const { filled, tone } = meterFill(score);
  return (
    <div
      className={`latch-meter latch-meter-${tone}`}
      role="meter"
      aria-label={t('password.strength.label')}
      aria-valuemin={0}
      aria-valuemax={METER_SEGMENTS}
      aria-valuenow={Math.min(METER_SEGMENTS, Math.max(0, Math.round(score)))}
      data-filled={filled}
    >
      {Array.from({ length: METER_SEGMENTS }, (_, i) => (
        <span key={i} className={i < filled ? 'latch-meter-segment latch-meter-on' : 'latch-meter-segment'} />
      ))}
    </div>
  );
}

function Requirements({ lines }: { lines: RequirementLine[] }) {
  const t = useT();
  return (
    <ul className="latch-requirements">
      {lines.map((line) => (
        <li key={line.id} className={line.met ? 'latch-requirement-met' : 'latch-requirement-unmet'}>
          <span className="latch-visually-hidden">
            {t(line.met ? 'password.requirement.met' : 'password.requirement.unmet')}{' '}
          </span>
          <span aria-hidden="true" className="latch-requirement-icon" />{' '}
          <span>{line.count === undefined ? t(line.id) : t(line.id, { count: line.count })}</span>
        </li>
      ))}
    </ul>
  );
}
