import { isErrorEnvelope } from '@latch/api';
import type { WidgetError } from '@latch/protocol';

/**
 * Explains a frame that never answered. The usual cause is a host origin missing from the
 * project's authorized list: the provider then refuses the frame (frame-ancestors) and answers
 * the bootstrap call with `bad_domain_for_stytch_sdk`, readable without credentials.
 */
export async function diagnoseRefusal(
  apiBaseUrl: string,
  authOrigin: string,
  publicToken: string,
  doFetch: typeof fetch = (input, init) => fetch(input, init),
): Promise<WidgetError> {
  const fallback: WidgetError = { message: `The Latch widget could not connect to ${authOrigin}.` };
  try {
    const response = await doFetch(
      `${apiBaseUrl}/sdk/v1/projects/bootstrap/${encodeURIComponent(publicToken)}`,
      {
        credentials: 'omit',
      },
    );
    if (response.ok) return fallback;
    const body: unknown = await response.json();
    if (!isErrorEnvelope(body)) return fallback;
    return { message: body.error_message, error_type: body.error_type, status_code: body.status_code };
  } catch {
    return fallback;
  }
}
