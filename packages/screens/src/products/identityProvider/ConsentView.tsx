import { useAtomValue } from 'jotai';
import type { IdpAuthorizeStartResponse, IdpScopeResult } from '@latch/api';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { bootstrapAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import type { Translate } from '../../strings/translate';
import { ConsentManifestList } from './ConsentManifestList';
import { clientDisplayName, consentHeadings, scopeText } from './consentTexts';
import { useConsentManifest } from './useConsentManifest';
import { useProjectLogo } from './useProjectLogo';

interface ConsentViewProps {
  start: IdpAuthorizeStartResponse;
  redirectUri: string;
  submitting: boolean;
  onSubmit: (granted: boolean) => void;
}

/** The consent screen: title, what the app asks for, what the user cannot grant, Allow / Deny. */
export function ConsentView({ start, redirectUri, submitting, onSubmit }: ConsentViewProps) {
  const t = useT();
  const logoUrl = useProjectLogo();
  const { projectName } = useAtomValue(bootstrapAtom);
  const names = { clientName: clientDisplayName(start.client.client_name, redirectUri, t), projectName };
  const { title, listHeader } = consentHeadings(start.scope_results, names, t);
  const grantable = scopeLines(
    start.scope_results.filter((s) => s.is_grantable),
    t,
  );
  const ungrantable = scopeLines(
    start.scope_results.filter((s) => !s.is_grantable),
    t,
  );
  const manifest = useConsentManifest(
    start.scope_results.map((s) => s.scope),
    names.clientName,
  );
  // Which answer was pressed, so only that button shows the spinner.
  const [answer, setAnswer] = useState<boolean | null>(null);
  const answerWith = (granted: boolean) => {
    setAnswer(granted);
    onSubmit(granted);
  };
  if (manifest.status === 'pending') return <Spinner />;
  return (
    <div className="latch-screen latch-idp">
      {logoUrl && <img className="latch-logo" src={logoUrl} alt={t('logo.alt')} />}
      <h1 className="latch-title">{title}</h1>
      {manifest.status === 'ready' ? (
        <section className="latch-idp-scopes" aria-label={listHeader}>
          <p className="latch-text">{listHeader}</p>
          <ConsentManifestList manifest={manifest.manifest} />
        </section>
      ) : (
        grantable.length > 0 && (
          <section className="latch-idp-scopes" aria-label={listHeader}>
            <p className="latch-text">{listHeader}</p>
            <ScopeList lines={grantable} />
          </section>
        )
      )}
      {ungrantable.length > 0 && (
        <details className="latch-idp-ungrantable">
          <summary>{t('idp.consent.ungrantableSummary', names)}</summary>
          <p className="latch-text">{t('idp.consent.ungrantableHeader', names)}</p>
          <ScopeList lines={ungrantable} />
        </details>
      )}
      <Button disabled={submitting} busy={submitting && answer === true} onClick={() => answerWith(true)}>
        {t('idp.consent.allow')}
      </Button>
      <Button
        secondary
        disabled={submitting}
        busy={submitting && answer === false}
        onClick={() => answerWith(false)}
      >
        {t('idp.consent.deny')}
      </Button>
    </div>
  );
}

type Line = { scope: string; text: string };

function scopeLines(results: IdpScopeResult[], t: Translate): Line[] {
  return results.flatMap((r) => {
    const text = scopeText(r, t);
    return text === null ? [] : [{ scope: r.scope, text }];
  });
}

function ScopeList({ lines }: { lines: Line[] }) {
  return (
    <ul className="latch-idp-scope-list">
      {lines.map((line) => (
        <li key={line.scope} data-scope={line.scope}>
          {line.text}
        </li>
      ))}
    </ul>
  );
}
