import { Provider, useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Container } from './Container';
import { ServicesContext, useServices } from './services/ServicesContext';
import type { WidgetServices } from './services/WidgetServices';
import type { WidgetStore } from './state/createWidgetStore';
import { mountStateAtom } from './state/widgetAtoms';
import { StringsContext } from './strings/StringsContext';
import { createTranslator } from './strings/translate';

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
  const translator = useMemo(() => createTranslator(strings), [strings]);
  const reported = useRef(new Set<string>());
  useEffect(() => {
    const fresh = translator.unknownIds.filter((id) => !reported.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) reported.current.add(id);
    void host
      .reportError({ message: `Unknown string ids ignored: ${fresh.join(', ')}` })
      .catch(() => undefined);
  }, [translator, host]);
  return <StringsContext.Provider value={translator.t}>{children}</StringsContext.Provider>;
}
