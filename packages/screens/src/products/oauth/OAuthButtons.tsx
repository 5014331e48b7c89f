import { OAUTH_PROVIDER_NAMES } from '@latch/api';
import type { OAuthProviderConfig } from '@latch/protocol';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { useEarlyPress } from '../../hooks/useEarlyPress';
import { BrandIcon } from '../../icons/BrandIcon';
import { useServices } from '../../services/ServicesContext';
import { bootstrapAtom, configAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { oauthStartUrl } from './oauthStartUrl';
import { useOAuthPopup } from './useOAuthPopup';

/** Each provider type once, at its first position: `[google, google]` is one button. */
const distinct = (providers: readonly OAuthProviderConfig[]) =>
  providers.filter((p, i) => providers.findIndex((q) => q.type === p.type) === i);

/**
 * Main's OAuth block: one 'Continue with {provider}' button per configured provider. The whole
 * page goes to the provider (a frame cannot host a provider's sign-in page), so the host does the
 * navigating, and only to the auth origin's OAuth start (apps/loader/src/navigation.ts).
 * A provider the project does not offer (bootstrap `oauthProviders`) is said so here, before the
 * visitor leaves, and reported to the host's `onError`. In popup mode the page stays and the
 * sign-in ends in the widget (useOAuthPopup.ts).
 */
export default function OAuthButtons() {
  const t = useT();
  const config = useAtomValue(configAtom);
  const { oauthProviders } = useAtomValue(bootstrapAtom);
  const { api, host } = useServices();
  const [leaving, setLeaving] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const startPopup = useOAuthPopup();
  const earlyPress = useEarlyPress();
  const providers = distinct(config.oauthOptions?.providers ?? []);

  const start = async (provider: OAuthProviderConfig) => {
    if (oauthProviders && !oauthProviders.includes(provider.type)) {
      const message = t('oauth.notConfigured', { provider: OAUTH_PROVIDER_NAMES[provider.type] });
      setProblem(message);
      void host.reportError({ message, error_type: 'oauth_config_not_found' }).catch(() => undefined);
      return;
    }
    setProblem(null);
    setLeaving(provider.type);
    // Popup mode needs Latch's own provider (its result page); a blocked popup falls back to the redirect.
    if (config.oauthOptions?.mode === 'popup' && oauthProviders) {
      const opened = startPopup(provider, (failure) => {
        setLeaving(null);
        setProblem(failure?.message ?? null);
      });
      if (opened) return;
    }
    const url = oauthStartUrl(api, config, provider);
    const accepted = await host.navigate({ url, reason: 'oauth_start' }).then(
      (answer) => answer.accepted,
      () => false,
    );
    // A refused navigation is reported to the host by the loader; the buttons come back.
    if (!accepted) setLeaving(null);
  };

  return (
    <div className="latch-oauth" {...earlyPress}>
      {providers.map((provider) => (
        <Button
          key={provider.type}
          secondary
          disabled={leaving !== null}
          busy={leaving === provider.type}
          onClick={() => void start(provider)}
        >
          {/* The spinner takes the icon's place while this button's sign-in is under way. */}
          {leaving !== provider.type && <BrandIcon id={provider.type} />}
          {t('oauth.continueWith', { provider: OAUTH_PROVIDER_NAMES[provider.type] })}
        </Button>
      ))}
      {problem && (
        <p className="latch-error-text" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
