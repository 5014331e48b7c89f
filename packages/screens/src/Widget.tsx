import { Provider, useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Container } from './Container';
import { ServicesContext, useServices } from './services/ServicesContext';
import type { WidgetServices } from './services/WidgetServices';
import type { WidgetStore } from './state/createWidgetStore';
import { mountStateAtom } from './state/widgetAtoms';
import { StringsContext } from './strings/StringsContext';
import { loadCatalogue } from './strings/catalogueLoader';
import { createTranslator, unknownStringIds } from './strings/translate';

export interface WidgetProps {
  store: WidgetStore;
  services: WidgetServices;
}

/** The whole widget for one mounted frame: its store, its services, its strings. */
export function Widget({ store, services }: WidgetProps) {
  return (
    <Provider store={store}>
      <ServicesContext.Provider value={services}>
        <WithStrings>
          <Container />
        </WithStrings>
      </ServicesContext.Provider>
    </Provider>
  );
}

function WithStrings({ children }: { children: ReactNode }) {
  const { strings } = useAtomValue(mountStateAtom);
  const { host } = useServices();
  const t = useMemo(() => createTranslator(strings).t, [strings]);
  const reported = useRef(new Set<string>());
  // Which override ids are not in the catalogue is known once all of it has loaded: a diagnostic
  // for the host's developer, never in the way of the first screen. Without overrides there is
  // nothing to check, and the catalogue is not asked for while the first screen hydrates.
  useEffect(() => {
    if (Object.keys(strings).length === 0) return;
    let current = true;
    void loadCatalogue()
      .then((catalogue) => {
        const fresh = unknownStringIds(strings, catalogue).filter((id) => !reported.current.has(id));
        if (!current || fresh.length === 0) return;
        for (const id of fresh) reported.current.add(id);
        return host.reportError({ message: `Unknown string ids ignored: ${fresh.join(', ')}` });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [strings, host]);
  return <StringsContext.Provider value={t}>{children}</StringsContext.Provider>;
}
