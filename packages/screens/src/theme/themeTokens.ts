import type { ValueForm } from './valueForms';

/**
 * Each themable value: where the host sets it in `styles`, the CSS custom property it becomes,
 * its value form and its default. docs/theming.md lists the same table.
 */
export interface ThemeToken {
  path: string;
  cssVar: `--latch-${string}`;
  form: ValueForm;
  fallback: string;
  /** When unset, takes the value of this other property (v5 semantics: input text follows primary). */
  sameAs?: `--latch-${string}`;
  /** When unset in the dark half of a pair, takes this property's value: light defaults would glare. */
  dark?: `--latch-${string}`;
  /** Text whose default is darkened or lightened to 4.5:1 on the first opaque of these backgrounds. */
  readableOn?: readonly `--latch-${string}`[];
  /** When unset and the host set this colour: a light tint of it on the container, not the fallback. */
  tintOf?: `--latch-${string}`;
}

const ON_CONTAINER = ['--latch-container-background'] as const;

const PRIMARY = '#19303D';
const PRIMARY_VAR = '--latch-primary';
const CONTAINER_VAR = '--latch-container-background';

export const THEME_TOKENS: readonly ThemeToken[] = [
  {
    path: 'colors.primary',
    cssVar: '--latch-primary',
    form: 'color',
    fallback: PRIMARY,
    readableOn: ON_CONTAINER,
  },
  {
    path: 'colors.secondary',
    cssVar: '--latch-secondary',
    form: 'color',
    fallback: '#5C727D',
    readableOn: ON_CONTAINER,
  },
  { path: 'colors.success', cssVar: '--latch-success', form: 'color', fallback: '#0C5A56' },
  { path: 'colors.warning', cssVar: '--latch-warning', form: 'color', fallback: '#FFD94A' },
  { path: 'colors.error', cssVar: '--latch-error', form: 'color', fallback: '#8B1214' },
  {
    path: 'colors.accent',
    cssVar: '--latch-accent',
    form: 'color',
    fallback: '#ECFAFF',
    tintOf: PRIMARY_VAR,
  },
  {
    path: 'fontFamily',
    cssVar: '--latch-font-family',
    form: 'fontStack',
    fallback: 'Arial, Helvetica, sans-serif',
  },
  { path: 'typography.fontFamily', cssVar: '--latch-font-family', form: 'fontStack', fallback: '' },
  { path: 'typography.headerFontSize', cssVar: '--latch-header-font-size', form: 'length', fallback: '24px' },
  { path: 'typography.bodyFontSize', cssVar: '--latch-body-font-size', form: 'length', fallback: '16px' },
  { path: 'typography.helperFontSize', cssVar: '--latch-helper-font-size', form: 'length', fallback: '14px' },
  {
    path: 'container.backgroundColor',
    cssVar: '--latch-container-background',
    form: 'color',
    fallback: '#FFFFFF',
  },
  { path: 'container.borderColor', cssVar: '--latch-container-border', form: 'color', fallback: '#ADBCC5' },
  { path: 'container.borderRadius', cssVar: '--latch-container-radius', form: 'length', fallback: '8px' },
  { path: 'container.width', cssVar: '--latch-container-width', form: 'length', fallback: '400px' },
  // The primary and secondary buttons are made of the host's colours in either scheme: a host that
  // sets only `colors.primary` gets buttons (OAuth and wallet buttons too) in that colour.
  ...button('primary', PRIMARY_VAR, CONTAINER_VAR, PRIMARY_VAR),
  ...button('secondary', CONTAINER_VAR, PRIMARY_VAR, PRIMARY_VAR),
  ...button(
    'disabled',
    ['#F3F5F6', CONTAINER_VAR],
    ['#8296A1', '--latch-secondary'],
    ['#F3F5F6', '--latch-container-border'],
  ),
  {
    path: 'inputs.backgroundColor',
    cssVar: '--latch-input-background',
    form: 'color',
    fallback: 'transparent',
  },
  {
    path: 'inputs.textColor',
    cssVar: '--latch-input-text',
    form: 'color',
    fallback: '',
    sameAs: '--latch-primary',
  },
  {
    path: 'inputs.placeholderColor',
    cssVar: '--latch-input-placeholder',
    form: 'color',
    // #8296A1 (Stytch's) is 3.1:1 on white; placeholder text needs 4.5:1 too (WCAG 1.4.3).
    fallback: '#64767F',
    readableOn: ['--latch-input-background', '--latch-container-background'],
  },
  { path: 'inputs.borderColor', cssVar: '--latch-input-border', form: 'color', fallback: '#5C727D' },
  { path: 'inputs.borderRadius', cssVar: '--latch-input-radius', form: 'length', fallback: '4px' },
];

/**
 * A button colour's default: the property it follows in both schemes, or a light default and the
 * property the dark half of a pair follows instead.
 */
type Default = `--latch-${string}` | readonly [fallback: string, dark: `--latch-${string}`];

function button(kind: string, background: Default, text: Default, border: Default): ThemeToken[] {
  const at = (key: string) => `buttons.${kind}.${key}`;
  const cssVar = (name: string) => `--latch-button-${kind}-${name}` as const;
  const color = (key: string, name: string, value: Default): ThemeToken => ({
    path: at(key),
    cssVar: cssVar(name),
    form: 'color',
    ...(typeof value === 'string' ? { fallback: '', sameAs: value } : { fallback: value[0], dark: value[1] }),
  });
  return [
    color('backgroundColor', 'background', background),
    // Text that follows another colour stays readable on its own button.
    {
      ...color('textColor', 'text', text),
      ...(typeof text === 'string' ? { readableOn: [cssVar('background')] } : {}),
    },
    color('borderColor', 'border', border),
    { path: at('borderRadius'), cssVar: `--latch-button-${kind}-radius`, form: 'length', fallback: '4px' },
  ];
}
