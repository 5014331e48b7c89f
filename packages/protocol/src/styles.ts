import { array, boolean, object, optional, string, type Infer, type Schema, type Result } from './validate';

/**
 * The host's `styles` object (SPEC.md section 3, "Theme"). Structure only: each value is a short
 * string here; the frame checks every value against the allowed value forms before it becomes a
 * CSS custom property (see packages/screens theme), so nothing here is ever raw CSS.
 */
const value = string(200);

const buttonStyle = object({
  backgroundColor: optional(value),
  textColor: optional(value),
  borderColor: optional(value),
  borderRadius: optional(value),
});

const styleConfigSchema = object({
  fontFamily: optional(value),
  hideHeaderText: optional(boolean()),
  typography: optional(
    object({
      fontFamily: optional(value),
      headerFontSize: optional(value),
      bodyFontSize: optional(value),
      helperFontSize: optional(value),
    }),
  ),
  container: optional(
    object({
      backgroundColor: optional(value),
      borderColor: optional(value),
      borderRadius: optional(value),
      width: optional(value),
    }),
  ),
  colors: optional(
    object({
      primary: optional(value),
      secondary: optional(value),
      success: optional(value),
      warning: optional(value),
      error: optional(value),
      accent: optional(value),
    }),
  ),
  buttons: optional(
    object({
      primary: optional(buttonStyle),
      secondary: optional(buttonStyle),
      disabled: optional(buttonStyle),
    }),
  ),
  inputs: optional(
    object({
      backgroundColor: optional(value),
      textColor: optional(value),
      placeholderColor: optional(value),
      borderColor: optional(value),
      borderRadius: optional(value),
    }),
  ),
  logo: optional(object({ logoImageUrl: optional(string(2048)) })),
});

export type StyleConfig = Infer<typeof styleConfigSchema>;

/** One style object, or a `[light, dark]` pair that follows `prefers-color-scheme`. */
export type StylesInput = StyleConfig | [StyleConfig, StyleConfig];

export const stylesInputSchema: Schema<StylesInput> = {
  parse(v, p): Result<StylesInput> {
    if (Array.isArray(v)) {
      if (v.length !== 2) return { ok: false, error: `${p || 'styles'}: a [light, dark] pair has two items` };
      const pair = array(styleConfigSchema, 2).parse(v, p);
      return pair.ok ? { ok: true, value: [pair.value[0] ?? {}, pair.value[1] ?? {}] } : pair;
    }
    return styleConfigSchema.parse(v, p);
  },
};
