import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { Spinner } from './components/Spinner';
import { Watermark } from './components/Watermark';
import { useConfigReport } from './config/useConfigReport';
import { useScreenFocus } from './focus/useScreenFocus';
import { MainScreen } from './main/MainScreen';
import { isScreenConfigured, SCREEN_COMPONENTS } from './registry/resolveScreen';
import { useServices } from './services/ServicesContext';
import { useT } from './strings/StringsContext';
import { announcementAtom, bootstrapAtom, productsAtom, screenAtom, stylesAtom } from './state/widgetAtoms';
import { schemePairCss } from './theme/schemePairCss';
import { pickStyle, resolveTheme } from './theme/themeVars';
import { useColorScheme } from './theme/useColorScheme';
import { ToastLayer } from './toast/ToastLayer';
import './styles/widget.css';

/** The themed card: the current screen (a spinner while its code loads), watermark and live region. */
export function Container() {
  const { host } = useServices();
  const styles = useAtomValue(stylesAtom);
  const scheme = useColorScheme(Array.isArray(styles));
  const theme = useMemo(
    () => resolveTheme(pickStyle(styles, scheme ?? 'light'), scheme ?? 'light'),
    [styles, scheme],
  );
  // A pair whose scheme is not known yet (server render, hydration): CSS picks the half.
  const pairCss = useMemo(
    () =>
      scheme === null && Array.isArray(styles)
        ? schemePairCss(theme.vars, resolveTheme(styles[1], 'dark').vars)
        : null,
    [styles, scheme, theme],
  );
  const reported = useRef(new Set<string>());
  const rootRef = useRef<HTMLElement>(null);
  const t = useT();
  useScreenFocus(useAtomValue(screenAtom), rootRef);
  useConfigReport();
  useEffect(() => {
    for (const rejected of theme.rejected) {
      if (reported.current.has(rejected)) continue;
      reported.current.add(rejected);
      void host.reportError({ message: `Ignored style value ${rejected}` }).catch(() => undefined);
    }
  }, [theme, host]);

  return (
    // <main>: the frame is its own document, and axe wants its content inside a landmark.
    // Named, so it stays a distinct landmark next to the host page's own <main>.
    <main
      ref={rootRef}
      aria-label={t('frame.landmark')}
      className="latch-root"
      style={pairCss === null ? (theme.vars as CSSProperties) : undefined}
    >
      {pairCss !== null && <style>{pairCss}</style>}
      <ToastLayer />
      <div className="latch-container">
        <CurrentScreen logoUrl={theme.logoUrl} hideHeaderText={theme.hideHeaderText} />
        <WatermarkIfShown />
      </div>
      <LiveRegion />
    </main>
  );
}

function CurrentScreen(props: { logoUrl: string | null; hideHeaderText: boolean }) {
  const screen = useAtomValue(screenAtom);
  const products = useAtomValue(productsAtom);
  if (screen === 'Main') return <MainScreen {...props} />;
  const Screen = SCREEN_COMPONENTS[screen];
  if (!Screen || !isScreenConfigured(products, screen)) return null;
  return (
    <Suspense fallback={<Spinner />}>
      <Screen />
    </Suspense>
  );
}

function WatermarkIfShown() {
  return useAtomValue(bootstrapAtom).displayWatermark ? <Watermark /> : null;
}

function LiveRegion() {
  const text = useAtomValue(announcementAtom);
  return (
    <div className="latch-visually-hidden" role="alert" aria-live="assertive">
      {text}
    </div>
  );
}
