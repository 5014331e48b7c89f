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
 * provider serves this page normally: the same list lets the frame in, so it was not refused.
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
    if (response.ok) return null;
    const body: unknown = await response.json();
    if (!isErrorEnvelope(body)) return fallback;
    return { message: body.error_message, error_type: body.error_type, status_code: body.status_code };
  } catch {
    return fallback;
  }
}
