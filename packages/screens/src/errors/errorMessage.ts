import { ApiError, NetworkError } from '@latch/api';
import type { StringId, WidgetError } from '@latch/protocol';
import { providerErrorId } from '../strings/catalogueLoader';
import type { Translate } from '../strings/translate';

/** A screen's own text for some error types, where the catalogue's general one would mislead. */
export type ErrorTexts = Readonly<Partial<Record<string, StringId>>>;

/**
 * What the visitor sees for a failure, and what the host's error callback gets: the same text,
 * the provider's code when there is one, never a stack.
 */
export function describeError(error: unknown, t: Translate, texts: ErrorTexts = {}): WidgetError {
  if (error instanceof ApiError) {
    const own = Object.hasOwn(texts, error.error_type) ? texts[error.error_type] : undefined;
    const id = own ?? providerErrorId(error.error_type);
    return {
      // No id: a type without a text of its own, or the catalogue (which holds them) did not load.
      message: id ? t(id) : error.error_message,
      error_type: error.error_type,
      status_code: error.status_code,
    };
  }
  if (error instanceof NetworkError) return { message: t('error.network') };
  return { message: t('error.unknown') };
}
