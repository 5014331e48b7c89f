export { Widget, type WidgetProps } from './Widget';
export { Container } from './Container';
export { createTranslator, fillPlaceholders, type Translate, type StringParams } from './strings/translate';
export { useT } from './strings/StringsContext';
export { loadCatalogue } from './strings/catalogueLoader';
export { catalogueOnFailure } from './strings/catalogueOnFailure';
export { SCREENS, type Screen } from './flow/screens';
export { OUTCOMES, TRANSITIONS, nextScreen, type Outcome } from './flow/transitions';
export { INITIAL_SCREEN } from './flow/initialScreen';
export { EARLY_INPUT, EARLY_SUBMIT_SCRIPT } from './hooks/earlyInput';
export { preloadMainBlocks } from './main/mainBlocks';
export { createWidgetStore, type WidgetStore, type WidgetStoreInit } from './state/createWidgetStore';
export * from './state/widgetAtoms';
export * from './state/formAtoms';
export { configErrors } from './config/configErrors';
export {
  resolveTheme,
  pickStyle,
  type ResolvedTheme,
  type CssVars,
  type ColorScheme,
} from './theme/themeVars';
export { THEME_TOKENS, type ThemeToken } from './theme/themeTokens';
export { isColor, isLength, isFontStack, isImageUrl } from './theme/valueForms';
export { loadNamedColors, stylesMayNameColors } from './theme/namedColors';
export { describeError } from './errors/errorMessage';
export { createEventLogger, type EventLogger, type EventLogName } from './services/eventLog';
export type { WidgetServices, WidgetHost } from './services/WidgetServices';
export { useToast } from './toast/useToast';
export { TOAST_DURATIONS, MAX_TOASTS, showToastAtom, type ToastKind } from './toast/toastAtoms';
export { focusFirstField, FOCUS_WAIT_MS, type FocusOptions } from './focus/focusFirstField';
