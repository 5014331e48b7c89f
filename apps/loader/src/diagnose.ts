import { isErrorEnvelope } from '@latch/api';
import type { WidgetError } from '@latch/protocol';

/** What a mount that never connected reports when the provider gives no other reason. */
export const unansweredError = (authOrigin: string): WidgetError => ({
  message: `The Latch widget could not connect to ${authOrigin}.`,
});

/**
 * Explains a frame that has not answered. The usual cause is a host origin missing from the
 * project's authorized list: the provider then refuses the frame (frame-ancestors) and answers
 * the bootstrap call with `bad_domain_for_stytch_sdk`, readable without credentials. Null when the
 * provider serves this page normally (the same list lets the frame in, so it was not refused) or
 * cannot say (no answer, a rate limit, a server error): the frame then gets the longer wait.
 */
export async function diagnoseRefusal(
  apiBaseUrl: string,
  authOrigin: string,
  publicToken: string,
  doFetch: typeof fetch = (input, init) => fetch(input, init),
): Promise<WidgetError | null> {
  const fallback = unansweredError(authOrigin);
  try {
    const response = await doFetch(
      `${apiBaseUrl}/sdk/v1/projects/bootstrap/${encodeURIComponent(publicToken)}`,
      {
        credentials: 'omit',
      },
    );
    // Only the provider's own word refuses the page: a busy or unreachable provider (a rate limit, a
    // server error, no answer) says nothing about it, and hiding a drawn frame for that lost the field.
    if (response.ok || response.status === 429 || response.status >= 500) return null;
    const body: unknown = await response.json();
    if (!isErrorEnvelope(body)) return fallback;
    return { message: body.error_message, error_type: body.error_type, status_code: body.status_code };
  } catch {
    return null;
  }
}
