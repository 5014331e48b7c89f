import * as v from 'valibot';
import { boolean, object, optional, string } from './schemas';

/**
 * The host's `styles` object (docs/theming.md). Structure only: each value is a short
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

export type StyleConfig = v.InferOutput<typeof styleConfigSchema>;

/** A `[light, dark]` pair: exactly two style objects. */
const stylePair = v.pipe(
  v.custom<unknown>(
    (input) => Array.isArray(input) && input.length === 2,
    'a [light, dark] pair has two items',
  ),
  v.tuple([styleConfigSchema, styleConfigSchema]),
);

/** One style object, or a `[light, dark]` pair that follows `prefers-color-scheme`. */
export const stylesInputSchema = v.lazy((input) => (Array.isArray(input) ? stylePair : styleConfigSchema));

export type StylesInput = v.InferOutput<typeof stylesInputSchema>;
